/**
 * A minimal Compound File Binary writer (MS-CFB version 3, 512-byte sectors) for crafting old
 * Office and Outlook files in tests: streams by path ("__attach_version1.0_#00000000/__substg1.0_
 * 37010102"), storages implied by the paths. Every stream goes through the FAT (the mini stream
 * cutoff is written as 0, which readers honour), and each storage's children hang off one another's
 * right sibling: a valid tree, if not a balanced one. `loop` makes the named stream's sector chain
 * point back at its own first sector, as a hostile file would; `sameChainAs` makes a stream's
 * directory entry name another's sectors and size (each path given must have data of its own).
 */
export function compoundFile(streams: Record<string, Uint8Array>, options: { loop?: string; sameChainAs?: Record<string, string> } = {}): ArrayBuffer {
  const NOSTREAM = 0xffffffff;
  type Node = { name: string; path: string; type: 1 | 2 | 5; data?: Uint8Array; children: Node[]; id: number; start: number };
  const root: Node = { name: "Root Entry", path: "", type: 5, children: [], id: 0, start: 0xfffffffe };
  const nodes: Node[] = [root];
  for (const [path, data] of Object.entries(streams)) {
    let parent = root;
    const parts = path.split("/");
    parts.forEach((name, i) => {
      let node = parent.children.find((c) => c.name === name);
      if (!node) {
        node = { name, path: parts.slice(0, i + 1).join("/"), type: i === parts.length - 1 ? 2 : 1, children: [], id: nodes.length, start: 0 };
        if (node.type === 2) node.data = data;
        nodes.push(node);
        parent.children.push(node);
      }
      parent = node;
    });
  }

  const sectorsFor = (bytes: number) => Math.max(1, Math.ceil(bytes / 512));
  const dirSectors = sectorsFor(nodes.length * 128);
  const dataSectors = nodes.reduce((n, node) => n + (node.data ? sectorsFor(node.data.length) : 0), 0);
  let fatSectors = 1;
  while (fatSectors * 128 < fatSectors + dirSectors + dataSectors) fatSectors++;
  if (fatSectors > 109) throw new Error("test file too large for a header-only FAT");
  const total = fatSectors + dirSectors + dataSectors;
  const fat = new Uint32Array(fatSectors * 128).fill(NOSTREAM);
  for (let i = 0; i < fatSectors; i++) fat[i] = 0xfffffffd;
  const chain = (start: number, count: number) => {
    for (let i = 0; i < count; i++) fat[start + i] = i === count - 1 ? 0xfffffffe : start + i + 1;
  };
  chain(fatSectors, dirSectors);
  const file = new Uint8Array((total + 1) * 512);
  const view = new DataView(file.buffer);
  let next = fatSectors + dirSectors;
  for (const node of nodes) {
    if (!node.data) continue;
    const count = sectorsFor(node.data.length);
    node.start = next;
    chain(next, count);
    file.set(node.data, (next + 1) * 512);
    next += count;
    if (node.path === options.loop) fat[node.start + count - 1] = node.start;
  }

  for (const [path, target] of Object.entries(options.sameChainAs ?? {})) {
    const [node, shared] = [nodes.find((n) => n.path === path)!, nodes.find((n) => n.path === target)!];
    node.start = shared.start;
    node.data = shared.data;
  }

  // Header.
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(24, 0x003e, true);
  view.setUint16(26, 3, true);
  view.setUint16(28, 0xfffe, true);
  view.setUint16(30, 9, true);
  view.setUint16(32, 6, true);
  view.setUint32(44, fatSectors, true);
  view.setUint32(48, fatSectors, true); // the directory follows the FAT
  view.setUint32(56, 0, true); // mini stream cutoff: every stream in regular sectors
  view.setUint32(60, 0xfffffffe, true);
  view.setUint32(68, 0xfffffffe, true);
  for (let i = 0; i < 109; i++) view.setUint32(76 + i * 4, i < fatSectors ? i : NOSTREAM, true);
  fat.forEach((v, i) => view.setUint32(512 + i * 4, v, true));

  // Directory entries.
  const dir = (fatSectors + 1) * 512;
  for (const node of nodes) {
    const at = dir + node.id * 128;
    for (let c = 0; c < node.name.length; c++) view.setUint16(at + c * 2, node.name.charCodeAt(c), true);
    view.setUint16(at + 64, (node.name.length + 1) * 2, true);
    file[at + 66] = node.type;
    file[at + 67] = 1; // black
    view.setUint32(at + 68, NOSTREAM, true);
    view.setUint32(at + 72, NOSTREAM, true);
    view.setUint32(at + 76, node.children[0]?.id ?? NOSTREAM, true);
    view.setUint32(at + 116, node.data ? node.start : node.type === 5 ? 0xfffffffe : 0, true);
    // A looping stream declares more than its chain holds, so a reader follows the loop.
    view.setUint32(at + 120, node.path === options.loop ? 0x7fffffff : (node.data?.length ?? 0), true);
  }
  for (const node of nodes) node.children.forEach((child, i) => view.setUint32(dir + child.id * 128 + 72, node.children[i + 1]?.id ?? NOSTREAM, true));
  return file.buffer;
}

const concat = (parts: ArrayLike<number>[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
export const u16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
export const u32 = (n: number) => [...u16(n & 0xffff), ...u16(n >>> 16)];
export const f64 = (n: number) => [...new Uint8Array(Float64Array.of(n).buffer)];
export const utf16 = (s: string) => [...new Uint8Array(Uint16Array.from(s, (c) => c.charCodeAt(0)).buffer)];
export const latin1 = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

// --- BIFF8 (Excel 97–2003) -------------------------------------------------------------------

/** A BIFF record: type, length, data (the length may be overridden to lie). */
export const biff = (type: number, data: ArrayLike<number>, length = data.length) => concat([u16(type), u16(length), data]);
/** XLUnicodeString: 16-bit count, option byte (0: 8-bit, 1: UTF-16), characters. */
export const xlString = (s: string, wide = false) => [...u16(s.length), wide ? 1 : 0, ...(wide ? utf16(s) : latin1(s))];
/** A cell record's row, column and (unused) format index. */
export const cell = (row: number, column: number) => [...u16(row), ...u16(column), ...u16(15)];
export const bof = (kind: number) => biff(0x0809, [...u16(0x0600), ...u16(kind), ...u16(0), ...u16(0), ...u32(0), ...u32(0)]);
export const eof = () => biff(0x000a, []);

/** A Workbook stream: the globals (BOF, `globals` records such as the SST, a BOUNDSHEET per sheet, EOF), then each sheet. */
export function workbookStream(sheets: { name: string; records: Uint8Array[]; hidden?: boolean }[], globals: Uint8Array[] = []): Uint8Array {
  // BOUNDSHEET: the sheet's offset, its visibility (hsState: 0 visible, 1 hidden), its type, its name.
  const boundSheet = (offset: number, name: string, hidden = false) => biff(0x0085, [...u32(offset), hidden ? 1 : 0, 0, name.length, 0, ...latin1(name)]);
  const head = concat([bof(0x0005), ...globals]);
  let offset = head.length + sheets.reduce((n, s) => n + boundSheet(0, s.name).length, 0) + eof().length;
  const bodies = sheets.map((s) => concat([bof(0x0010), ...s.records, eof()]));
  const bounds = sheets.map((s, i) => {
    const record = boundSheet(offset, s.name, s.hidden);
    offset += bodies[i]!.length;
    return record;
  });
  return concat([head, ...bounds, eof(), ...bodies]);
}

// --- PowerPoint 97–2003 ----------------------------------------------------------------------

/** A PowerPoint (or OfficeArt) atom, and a container (version 0xF) holding records. */
export const atom = (type: number, data: ArrayLike<number>, instance = 0) => concat([u16(instance << 4), u16(type), u32(data.length), data]);
export const container = (type: number, children: Uint8Array[], instance = 0) => {
  const body = concat(children);
  return concat([u16((instance << 4) | 0x0f), u16(type), u32(body.length), body]);
};
/** TextHeaderAtom (0 title, 1 body, 4 other) then the text as TextCharsAtom. */
export const pptText = (type: number, text: string) => [atom(0x0f9f, u32(type)), atom(0x0fa0, utf16(text))];

/**
 * A .ppt as PowerPoint writes one: the document's slide list holds each slide's placeholder text
 * after its SlidePersistAtom, the slides' own containers hold `drawings[i]`, and the persist
 * directory and user edit atom (named by the Current User stream) say where each object is.
 * `persistOf` names the object each slide entry refers to (a crafted file may repeat one).
 */
export function presentation(slides: Uint8Array[][], drawings: Uint8Array[][] = [], persistOf = (slide: number) => 2 + slide): ArrayBuffer {
  const slideList = container(
    0x0ff0,
    slides.flatMap((text, i) => [atom(0x03f3, [...u32(persistOf(i)), ...u32(0), ...u32(0), ...u32(256 + i), ...u32(0)]), ...text]),
    0,
  );
  const document = container(0x03e8, [slideList]);
  const slideContainers = slides.map((_, i) => container(0x03ee, drawings[i] ?? []));
  // Persist id 1 is the document (at offset 0), 2 + i slide i.
  const offsets = [0];
  let persistAt = document.length;
  for (const slide of slideContainers) {
    offsets.push(persistAt);
    persistAt += slide.length;
  }
  const persist = atom(0x1772, [...u32(1 | ((slides.length + 1) << 20)), ...offsets.flatMap((o) => u32(o))]);
  const editAt = persistAt + persist.length;
  const edit = atom(0x0ff5, [...u32(0), ...u16(0), 0, 3, ...u32(0), ...u32(persistAt), ...u32(1), ...u32(slides.length + 2), ...u32(0)]);
  const stream = concat([document, ...slideContainers, persist, edit]);
  const currentUser = atom(0x0ff6, [...u32(0x14), ...u32(0xe391c05f), ...u32(editAt), ...u16(0), ...u16(0), ...u16(0x03f4), 3, 0, ...u32(0)]);
  return compoundFile({ "Current User": currentUser, "PowerPoint Document": stream });
}
