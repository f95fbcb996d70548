export { useLayoutState } from "~/components/shell/layout-state";
