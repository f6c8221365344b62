import { describe, expect, it } from '@jest/globals';
import type { AdminVoyage } from '@crew/contracts';
import { csvField, csvFileName, voyagesCsv } from './voyages-csv';
import { pageWindow } from '../../../components/ui/Pager';

const voyage: AdminVoyage = {
  id: 'v1',
  title: 'Cowes, "the" Solent',
  description: '',
  status: 'ACTIVE',
  voyage_status: 'active',
  suspended: false,
  departure_port: 'Cowes',
  arrival_port: 'Cherbourg',
  departure_date: '2027-06-01',
  return_date: '2027-06-10',
  duration_days: 9,
  segments: [],
  skipper: { id: 's1', first_name: 'Robin', last_name: 'Knox', email: 'robin@example.test', profile_photo_url: null, profile_complete: true, identity_verified: false },
  current_crew: 1,
  max_crew: 6,
  crew_needed: 3,
  application_count: 4,
  pending_count: 2,
  contribution_type: 'free',
  contribution_amount: null,
  contribution_currency: 'GBP',
  includes_food: false,
  created_at: '2026-11-01T10:00:00.000Z',
};

describe('voyages CSV', () => {
  it('quotes commas and quotes, leaves empty values empty and ends lines with CRLF', () => {
    const text = voyagesCsv([voyage]);
    const [header, row] = text.split('\r\n');
    expect(header).toBe('id,title,status,suspended,departure_port,arrival_port,departure_date,return_date,skipper_name,skipper_email,current_crew,max_crew,crew_needed,application_count,contribution_amount,contribution_currency,created_at');
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
