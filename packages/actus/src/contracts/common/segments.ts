import type { Time } from '../../time/datetime.js';
import type { Cycle } from '../../time/cycle.js';
import { createSchedule, type EndOfMonthConvention } from '../../time/schedule.js';

/** One segment of an array schedule: from its anchor up to the next segment's anchor. */
export interface Segment {
  index: number;
  anchor: Time;
  cycle: Cycle | undefined;
  end: Time;
}

/** Splits array anchors/cycles into consecutive segments ending at the next anchor (the last at `end`). */
export function segmentsOf(anchors: Time[] | undefined, cycles: Cycle[] | undefined, end: Time): Segment[] {
  if (!anchors) return [];
  return anchors.map((anchor, index) => ({
    index,
    anchor,
    cycle: cycles?.[index] ?? (cycles && cycles.length === 1 ? cycles[0] : undefined),
    end: anchors[index + 1] ?? end,
  }));
}

/** Segment dates in [anchor, end): a single date at the anchor when the segment has no cycle. */
export function segmentDates(segment: Segment, eom: EndOfMonthConvention | undefined): Time[] {
  if (segment.anchor >= segment.end) return [];
  if (segment.cycle === undefined) return [segment.anchor];
  return createSchedule(segment.anchor, segment.end, segment.cycle, eom, false);
}
