/**
 * Given names and the short forms people use for them, both ways: a contributor invited as
 * "Robert" who signs "Bobby", a colleague called "Trish" whose formal name is Patricia. One line
 * per formal name, its usual diminutives after it (English, Spanish, a few Slavic ones). Names
 * that are also ordinary words (Will, Bill, Pat, Rob…) are in it too: the anonymiser matches those
 * only where they are used as a name (name-usage.ts).
 */
const TABLE = `
robert bob bobby rob robbie bert
william will bill billy willy liam
richard rick ricky rich dick
james jim jimmy jamie
john jack johnny
michael mike mikey mick
joseph joe joey
thomas tom tommy
charles charlie chuck
christopher chris topher
anthony tony
edward ed eddie ted ned
theodore ted teddy theo
andrew andy drew
matthew matt
joshua josh
benjamin ben benny
samuel sam sammy
jonathan jon jonny
nathaniel nate nat
nathan nate
stephen steve stevie
steven steve stevie
timothy tim timmy
gregory greg
kenneth ken kenny
ronald ron ronnie
donald don donnie
gerald gerry jerry
lawrence larry
raymond ray
peter pete
frederick fred freddie
harold hal harry
henry hank harry
leonard len lenny leo
douglas doug
jeffrey jeff
zachary zach zack
gabriel gabe
vincent vince vinny
eugene gene
philip phil
walter walt wally
albert al bert
arthur art artie
bartholomew bart
daniel dan danny
nicholas nick nicky nico
david dave davy
alexander alex sasha xander
alexandra alex sasha lexi
katherine kate katie kathy kat
catherine cathy kate katie cat
kathryn kathy kate katie
kathleen kathy kate
margaret maggie meg peggy marge margie greta
elizabeth liz lizzie beth betty betsy eliza libby liza bess
jennifer jen jenny
jessica jess jessie
rebecca becky becca
deborah deb debbie
susan sue suzy susie
patricia pat patty trish tricia
pamela pam
barbara barb babs
victoria vicky tori
christina chris tina chrissy
christine chris tina chrissy
samantha sam sammy
abigail abby
theresa terry tess tessa
teresa terry tess tessa
dorothy dot dottie
judith judy
cynthia cindy
sandra sandy
stephanie steph
valerie val
melissa mel missy
nicole nikki
kimberly kim
angela angie
josephine jo josie
frances fran frankie
francis frank fran
francisco paco pancho cisco
jose pepe
guadalupe lupe lupita
ignacio nacho
alejandro alejo
enrique quique
manuel manny manolo
antonio tono tony
jesus chuy
roberto beto
alberto beto
eduardo lalo
guillermo memo
dolores lola
rosario charo
dmitri dima
ivan vanya
mikhail misha
yekaterina katya
anastasia nastya
`;

const classes = new Map<string, Set<string>>();
for (const line of TABLE.trim().split("\n")) {
  const names = line.trim().split(/\s+/);
  for (const name of names) {
    const cls = classes.get(name) ?? new Set<string>();
    for (const other of names) cls.add(other);
    classes.set(name, cls);
  }
}

/** Every other form of a given name (lower case) on the lines that hold it: "bob" → robert, bobby, rob… */
export function nameVariants(given: string): string[] {
  const key = given.toLowerCase();
  return [...(classes.get(key) ?? [])].filter((name) => name !== key);
}

/** Whether the word is a short form or formal name the table knows ("trish", "patricia"). */
export const isKnownGivenName = (word: string) => classes.has(word.toLowerCase());
