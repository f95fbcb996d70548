import * as React from "react";
// Never a data: URL (Vite inlines small assets), which <use> cannot reference.
import spriteHref from "./icons.svg?url&no-inline";

/**
 * Icons are symbols of one hashed sprite (icons.svg, from Lucide's shapes: `npm run icons`), drawn
 * with `<use>`: a page carries two elements an icon instead of every path, which is most of what
 * server rendering spent on icons, and the browser fetches the shapes once (decision 0017).
 * Stroke and fill come from the `.lucide` rule in tailwind.css, so utility classes still override them.
 */
type IconProps = React.SVGProps<SVGSVGElement>;
export type IconComponent = React.ForwardRefExoticComponent<Omit<IconProps, "ref"> & React.RefAttributes<SVGSVGElement>>;

/** Decorative unless labelled, as Lucide's components are: a screen reader then skips it. */
const isLabelled = (props: IconProps) => Boolean(props["aria-label"] || props["aria-labelledby"] || props.role === "img");

export function icon(name: string): IconComponent {
  const href = `${spriteHref}#${name}`;
  const Icon = React.forwardRef<SVGSVGElement, IconProps>(({ className, ...props }, ref) => (
    <svg
      ref={ref}
      width={24}
      height={24}
      aria-hidden={isLabelled(props) ? undefined : true}
      {...props}
      className={className ? `lucide ${className}` : "lucide"}
    >
      <use href={href} />
    </svg>
  ));
  Icon.displayName = `Icon(${name})`;
  return Icon;
}
