import { Medal } from "~/components/ui/icons";
import { cn } from "~/lib/util/cn";

const MEDALS: Record<number, { label: string; className: string }> = {
  1: { label: "Gold medal", className: "text-gold" },
  2: { label: "Silver medal", className: "text-silver" },
  3: { label: "Bronze medal", className: "text-bronze" },
};

/**
 * The position, with a medal for the top 3 (SPEC /standings). Below the podium it is the bare
 * number, in bold like the rest: a standings list has one per racer.
 */
export function PositionWithMedal({ position }: { position: number }) {
  const medal = MEDALS[position];
  if (!medal) return <strong>{position}</strong>;
  return (
    <strong className="inline-flex items-center gap-1">
      <Medal role="img" aria-label={medal.label} className={cn("size-5", medal.className)} />
      {position}
    </strong>
  );
}
