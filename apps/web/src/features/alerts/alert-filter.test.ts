import { alertFilterSchema } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  alertFilterOfSearch,
  countSetAlertFilters,
  isValidInviteeName,
  normaliseAlertFilter,
  withoutAlertFilter,
} from './alert-filter';

describe('the alert list filter', () => {
  it('drops empty values and trims the invitee name, leaving what the contract accepts', () => {
    const filter = normaliseAlertFilter({
      AlertRuleId: [],
      Status: [3, 4],
      InviteeFullName: '  Ayşe 2 ',
      TransactionChannels: [],
      AssignedTo: '',
      StartDate: '2026-01-01',
    });
    expect(filter).toEqual({ Status: [3, 4], InviteeFullName: 'Ayşe 2', StartDate: '2026-01-01' });
    expect(alertFilterSchema.safeParse(filter).success).toBe(true);
  });

  it('counts the date range once and unread (0) as set', () => {
    expect(countSetAlertFilters({})).toBe(0);
    expect(countSetAlertFilters({ AlertReadStatus: 0, StartDate: '2026-01-01', EndDate: '2026-01-31' })).toBe(
      2,
    );
  });

  it('removes one filter, both ends of the date range together', () => {
    const filter = {
      AlertReadStatus: 0 as const,
      StartDate: '2026-01-01',
      EndDate: '2026-01-31',
      Products: [4],
    };
    expect(withoutAlertFilter(filter, 'DateRange')).toEqual({ AlertReadStatus: 0, Products: [4] });
    expect(withoutAlertFilter(filter, 'AlertReadStatus')).toEqual({
      StartDate: '2026-01-01',
      EndDate: '2026-01-31',
      Products: [4],
    });
  });

  it('takes letters of any script, digits and spaces as an invitee name', () => {
    expect(isValidInviteeName('Ayşe Yılmaz 2')).toBe(true);
    expect(isValidInviteeName('سارة')).toBe(true);
    expect(isValidInviteeName(undefined)).toBe(true);
    expect(isValidInviteeName("O'Brien")).toBe(false);
    expect(isValidInviteeName('a%')).toBe(false);
  });

  it('reads the unread filter of the bell and an owner from the address, nothing else', () => {
    expect(alertFilterOfSearch(new URLSearchParams('AlertReadStatus=0'))).toEqual({ AlertReadStatus: 0 });
    expect(alertFilterOfSearch(new URLSearchParams('AlertReadStatus=1&AssignedTo=unassigned'))).toEqual({
      AlertReadStatus: 1,
      AssignedTo: 'unassigned',
    });
    expect(alertFilterOfSearch(new URLSearchParams('AssignedTo=R:4'))).toEqual({ AssignedTo: 'R:4' });
    expect(alertFilterOfSearch(new URLSearchParams('AlertReadStatus=x&Status=3&AssignedTo=U:0'))).toEqual({});
  });
});
