/** SPEC §5: the form starts on the first and last day of the previous month (UTC calendar days). */
export function previousMonth(today: Date): { periodStart: string; periodEnd: string } {
  const firstOfThisMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const lastOfPrevious = new Date(firstOfThisMonth - 86_400_000);
  const firstOfPrevious = new Date(Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), 1));
  return { periodStart: isoDay(firstOfPrevious), periodEnd: isoDay(lastOfPrevious) };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Bytes as the Size column shows them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
