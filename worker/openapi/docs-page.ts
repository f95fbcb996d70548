import { styleOnlyCsp } from "../lib/style-csp";
import { escapeHtml } from "../share/markdown-html";

/**
 * /api/docs: the OpenAPI document as one static page for integrators — endpoints grouped by
 * feature, each with its sign-in, limits, parameters, request and answer schemas and errors. No
 * JavaScript (schemas fold with <details>), one hashed stylesheet, rendered once per isolate.
 */

type Json = Record<string, unknown>;

const STYLE = `
:root{color-scheme:light;--fg:#0f172a;--muted:#475569;--line:#e2e8f0;--accent:#1d4ed8;--soft:#f8fafc}
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:#fff}
main{max-width:64rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.2rem;margin:2rem 0 .5rem;padding-top:.5rem;border-top:1px solid var(--line)}
h3{font-size:1rem;margin:0;display:flex;gap:.5rem;align-items:baseline;flex-wrap:wrap}
a{color:var(--accent)}
.intro p{margin:.4rem 0;color:var(--muted)}
nav ul{columns:14rem;padding-left:1.2rem;margin:.5rem 0}
section.op{border:1px solid var(--line);border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
.method{font:600 .75rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:.1rem .4rem;border-radius:4px;background:#e0e7ff;color:#1e3a8a}
.method.post{background:#dcfce7;color:#14532d}.method.put,.method.patch{background:#fef3c7;color:#78350f}.method.delete{background:#fee2e2;color:#7f1d1d}
code{font:.85em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.facts{margin:.4rem 0;color:var(--muted);font-size:.9rem}
table{border-collapse:collapse;width:100%;font-size:.85rem;margin:.4rem 0}th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid var(--line)}th{background:var(--soft)}
details{margin:.3rem 0}summary{cursor:pointer;font-size:.9rem}
summary:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
pre{background:var(--soft);padding:.6rem;border-radius:6px;overflow-x:auto;font-size:.8rem;max-height:28rem}
`.trim();

function pretty(schema: unknown): string {
  return escapeHtml(JSON.stringify(schema, null, 2));
}

function operationHtml(method: string, path: string, op: Json): string {
  const id = escapeHtml(String(op.operationId));
  const security = (op.security as Json[]).length ? "Signed in (session cookie)" : "No sign-in";
  const params = (op.parameters as Json[]) ?? [];
  const body = op.requestBody as Json | undefined;
  const responses = op.responses as Record<string, Json>;
  const ok = Object.entries(responses).filter(([status]) => Number(status) < 400);
  const errors = Object.entries(responses).filter(([status]) => Number(status) >= 400);
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join("");
  const bodyContent = body ? Object.entries(body.content as Record<string, Json>)[0] : undefined;
  return `<section class="op" id="${id}">
<h3><span class="method ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(op.summary ?? ""))}</p>
<p class="facts">${security}${op["x-body-limit"] ? ` · body up to ${escapeHtml(String(op["x-body-limit"]))}` : ""}</p>
${params.length ? `<table><thead><tr><th scope="col">Parameter</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${paramRows}</tbody></table>` : ""}
${bodyContent ? `<details><summary>Request body (${escapeHtml(bodyContent[0])})</summary><pre>${pretty(bodyContent[1].schema)}</pre></details>` : ""}
${ok
  .map(([status, response]) => {
    const [type, content] = Object.entries((response.content as Record<string, Json>) ?? {})[0] ?? ["", {}];
    return `<details><summary>Answer ${status} (${escapeHtml(type)})</summary><pre>${pretty(content.schema)}</pre></details>`;
  })
  .join("")}
<details><summary>Errors: ${errors.map(([status]) => status).join(", ")}</summary><table><tbody>${errors
    .map(([status, r]) => `<tr><th scope="row">${status}</th><td>${escapeHtml(String(r.description))}</td></tr>`)
    .join("")}</tbody></table></details>
</section>`;
}

export function docsPageHtml(document: Json): string {
  const info = document.info as Json;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = String((op.tags as string[])[0]);
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Readyroom API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(String(info.title))} <small>${escapeHtml(String(info.version))}</small></h1>
<div class="intro">${String(info.description)
    .split("\n\n")
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("")}<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></div>
<nav aria-label="Features"><ul>${tags.map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a> (${byTag.get(tag)!.length})</li>`).join("")}</ul></nav>
${tags.map((tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${byTag.get(tag)!.join("\n")}`).join("\n")}
</main>
</body>
</html>
`;
}

export async function docsPageHeaders(): Promise<Headers> {
  return new Headers({
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": await styleOnlyCsp(STYLE),
    "cache-control": "public, max-age=300",
  });
}
