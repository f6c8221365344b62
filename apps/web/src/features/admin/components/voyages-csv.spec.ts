import { describe, expect, it } from '@jest/globals';
import { csvField, csvFileName, voyagesCsv } from './voyages-csv';
import { pageWindow } from '../../../components/ui/Pager';
import { adminVoyage } from './test-fixtures';

const voyage = adminVoyage({ title: 'Cowes, "the" Solent' });

describe('voyages CSV', () => {
  it('quotes commas and quotes, leaves empty values empty and ends lines with CRLF', () => {
    const text = voyagesCsv([voyage]);
    const [header, row] = text.split('\r\n');
    expect(header).toBe(
      'id,title,status,suspended,departure_port,arrival_port,departure_date,return_date,skipper_name,skipper_email,current_crew,max_crew,crew_needed,application_count,contribution_amount,contribution_currency,created_at',
    );
    expect(row).toBe('v1,"Cowes, ""the"" Solent",ACTIVE,false,Cowes,Cherbourg,2027-06-01,2027-06-10,Robin Knox,robin@example.test,1,6,3,4,,GBP,2026-11-01T10:00:00.000Z');
  });

  it('keeps a spreadsheet from reading a field as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-3)).toBe('-3');
  });

  it('names the file voyages-{date}.csv', () => {
    expect(csvFileName(new Date('2026-11-24T02:00:00Z'))).toBe('voyages-2026-11-24.csv');
  });
});

describe('page window', () => {
  it('shows up to 5 pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
