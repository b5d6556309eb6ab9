import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dataLogFilter } from './data-log-filter';

describe('the REST data log filter', () => {
  it('narrows by nothing, by status, and by whole days in the local time zone', () => {
    expect(dataLogFilter('all', null)).toBeUndefined();
    expect(dataLogFilter('Failed', null)).toBe("Status eq 'Failed'");
    const from = dayjs(new Date(2026, 10, 3, 15, 30));
    const to = dayjs(new Date(2026, 10, 5, 8, 0));
    const filter = dataLogFilter('Successful', [from, to])!;
    const [status, start, end] = filter.split(' and ');
    expect(status).toBe("Status eq 'Successful'");
    expect(new Date(start!.replace('CreatedDate ge ', '')).getTime()).toBe(new Date(2026, 10, 3).getTime());
    expect(new Date(end!.replace('CreatedDate lt ', '')).getTime()).toBe(new Date(2026, 10, 6).getTime());
  });
});
