import { describe, expect, it } from 'vitest';
import { scopedReportFilter } from './report-data-scope.js';

const restricted = { transactionChannelIds: [40, 41], productIds: [7, 8], employeeIds: [] };
const free = { transactionChannelIds: [], productIds: [], employeeIds: [] };

describe('scopedReportFilter', () => {
  it("pre-filters a scoped report by the user's first channel and first product", () => {
    expect(scopedReportFilter({ SurveyId: [1] }, { scopedData: true }, restricted)).toEqual({
      SurveyId: [1],
      ChannelSet: { Ids: [40] },
      ProductSet: { Ids: [7] },
    });
  });

  it('keeps a channel or product the filter already names, and fills an empty set', () => {
    expect(
      scopedReportFilter(
        { ChannelSet: { Ids: [41] }, ProductSet: { Ids: [] } },
        { scopedData: true },
        restricted,
      ),
    ).toEqual({ ChannelSet: { Ids: [41] }, ProductSet: { Ids: [7] } });
  });

  it('leaves the filter alone for a report that is not scoped, or a user without restrictions', () => {
    const filter = { ChannelSet: null };
    expect(scopedReportFilter(filter, {}, restricted)).toBe(filter);
    expect(scopedReportFilter(filter, { scopedData: false }, restricted)).toBe(filter);
    expect(scopedReportFilter({}, { scopedData: true }, free)).toEqual({});
  });

  it('does not change its input', () => {
    const filter = { SurveyId: [1] };
    scopedReportFilter(filter, { scopedData: true }, restricted);
    expect(filter).toEqual({ SurveyId: [1] });
  });
});
