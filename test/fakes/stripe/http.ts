import type http from "node:http";
import { type Form, newId, type Obj } from "./state.ts";

/** Stripe's form encoding, its errors and lists, and the HTTP answers of the fake. */

/** Decodes Stripe's form encoding (`a[b][0][c]=v`, `expand[]=x`) into nested objects and arrays. */
export function parseForm(text: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.match(/^[^[]+|\[[^\]]*\]/g)?.map((k) => k.replace(/^\[|\]$/g, "")) ?? [rawKey];
    let node: Record<string, unknown> | unknown[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const container = node as Record<string, unknown>;
      if (Array.isArray(node) && key === "") key = String(node.length);
      if (last) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(keys[i + 1] ?? "");
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, unknown>;
    });
  }
  return root;
}

// Plain fields, not parameter properties: this file also runs under Node's strip-only TypeScript (e2e).
export class StripeFakeError extends Error {
  status: number;
  type: string;
  code?: string;
  param?: string;
  constructor(status: number, message: string, type = "invalid_request_error", code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
}

const missing = (resource: string, id: string, param = "id") =>
  new StripeFakeError(404, `No such ${resource}: '${id}'`, "invalid_request_error", "resource_missing", param);

export function get<T extends Obj>(map: Map<string, T>, resource: string, id: string): T {
  const found = map.get(id);
  if (!found) throw missing(resource, id);
  return found;
}

export function list(data: Obj[], url: string, limit = 10) {
  const sorted = [...data].sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
  return { object: "list", data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
}

export const bool = (v: unknown) => v === true || v === "true";
export const int = (v: unknown) => (v === undefined || v === "" ? undefined : Number.parseInt(String(v), 10));
export const clone = <T>(v: T): T => structuredClone(v);

export function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "request-id": newId("req"), ...headers });
  res.end(JSON.stringify(body));
}

export function html(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}</style></head><body>${body}</body></html>`);
}

export function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
