import type { AdminVoyage } from '@crew/contracts';

export const CSV_COLUMNS = [
  'id',
  'title',
  'status',
  'suspended',
  'departure_port',
  'arrival_port',
  'departure_date',
  'return_date',
  'skipper_name',
  'skipper_email',
  'current_crew',
  'max_crew',
  'crew_needed',
  'application_count',
  'contribution_amount',
  'contribution_currency',
  'created_at',
] as const;

/** A field as CSV wants it: quoted when it holds a comma, quote or line break; formula starters neutralised for spreadsheets. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function voyagesCsv(voyages: readonly AdminVoyage[]): string {
  const rows = voyages.map((v) =>
    [
      v.id,
      v.title,
      v.status,
      v.suspended,
      v.departure_port,
      v.arrival_port,
      v.departure_date,
      v.return_date,
      v.skipper ? `${v.skipper.first_name} ${v.skipper.last_name}` : null,
      v.skipper?.email ?? null,
      v.current_crew,
      v.max_crew,
      v.crew_needed,
      v.application_count,
      v.contribution_amount,
      v.contribution_currency,
      v.created_at,
    ]
      .map(csvField)
      .join(','),
  );
  return [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** The export's file name: voyages-{date}.csv, the date as YYYY-MM-DD. */
export const csvFileName = (now: Date = new Date()): string => `voyages-${now.toISOString().slice(0, 10)}.csv`;

export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
