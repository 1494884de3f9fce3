import { Slider as RadixSlider } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** A single-thumb range (Radix Slider): arrow keys step, Page Up/Down jump, Home/End reach the ends. */
export function Slider({
  className,
  thumbLabel,
  ...props
}: ComponentProps<typeof RadixSlider.Root> & { thumbLabel: string }) {
  return (
    <RadixSlider.Root
      className={cn("relative flex h-5 w-full touch-none items-center select-none", className)}
      {...props}
    >
      <RadixSlider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-slate-200">
        <RadixSlider.Range className="absolute h-full bg-blue-800" />
      </RadixSlider.Track>
      <RadixSlider.Thumb
        aria-label={thumbLabel}
        className="block h-4 w-4 rounded-full border-2 border-blue-800 bg-white shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      />
    </RadixSlider.Root>
  );
}
