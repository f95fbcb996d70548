// react-dom ships types for react-dom/server only; its browser entry (bench/lib/render-to-string.ts) has the same API.
declare module "react-dom/server.browser" {
  export * from "react-dom/server";
}
