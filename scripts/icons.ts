/**
 * `npm run icons`: rewrites web/components/ui/icons.svg from the names in web/components/ui/icons.ts.
 * Run it after adding an icon there; test/platform/icon-sprite.node.test.ts fails until you do.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildIconSprite, declaredIconNames, SPRITE_FILE } from "./lib/icon-sprite.ts";

const names = declaredIconNames();
writeFileSync(SPRITE_FILE, await buildIconSprite(names));
console.log(`${path.relative(process.cwd(), SPRITE_FILE)}: ${names.length} icons`);
