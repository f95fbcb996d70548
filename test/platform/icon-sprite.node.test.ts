import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { buildIconSprite, declaredIconNames, ICONS_MODULE, SPRITE_FILE } from "../../scripts/lib/icon-sprite.ts";
import { icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";

describe("icon sprite", () => {
  it("has a symbol for exactly the icons icons.ts declares, drawn with Lucide's shapes (run `npm run icons` after adding one)", async () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(await buildIconSprite());
  });

  it("declares each Lucide icon once, under one name", () => {
    const calls = [...readFileSync(ICONS_MODULE, "utf8").matchAll(/\bicon\("([a-z0-9-]+)"\)/g)].map((m) => m[1]);
    expect(calls.length).toBeGreaterThan(50);
    expect(new Set(calls).size).toBe(calls.length);
    expect(declaredIconNames()).toHaveLength(calls.length);
  });

  it("draws every exported icon from a symbol the sprite has (however icons.ts is written)", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    const exported = Object.entries(icons).filter(([, value]) => typeof value === "object" && value !== null);
    expect(exported.length).toBe(declaredIconNames().length);
    for (const [name, component] of exported) {
      const html = renderToStaticMarkup(createElement(component as ReturnType<typeof icon>));
      const id = /#([a-z0-9-]+)"/.exec(html)?.[1];
      expect(id, name).toBeDefined();
      expect(sprite, `${name} → #${id}`).toContain(`<symbol id="${id}" `);
    }
  });

  it("refuses a name Lucide does not have", async () => {
    await expect(buildIconSprite(["no-such-icon"])).rejects.toThrow(/"no-such-icon" is not a Lucide icon name/);
  });

  it("draws an icon as one <use> of the sprite, decorative unless labelled", () => {
    const html = renderToStaticMarkup(createElement(icons.Search, { className: "size-4" }));
    expect(html).toMatch(
      /^<svg width="24" height="24" aria-hidden="true" class="lucide size-4"><use href="[^"#]*icons[^"#]*\.svg[^"#]*#search"><\/use><\/svg>$/,
    );
    const labelled = renderToStaticMarkup(createElement(icon("bell"), { "aria-label": "Notifications", role: "img" }));
    expect(labelled).not.toContain("aria-hidden");
    expect(labelled).toContain('aria-label="Notifications"');
  });
});
