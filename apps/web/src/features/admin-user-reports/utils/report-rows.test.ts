import type { MemberReport } from '@uplink/contract/admin-reports';
import { describe, expect, it } from 'vitest';
import {
  filterReportRows,
  fromLiveReport,
  fromSampleReport,
  type SampleReport,
  sampleActivityTypes,
} from './report-rows';
import { sampleReports } from './sample-reports';

const rows = sampleReports.map(fromSampleReport);

describe('the user reports rows', () => {
  it('searches names, e-mails and user IDs, whatever the case', () => {
    expect(filterReportRows(rows, 'OKAFOR', undefined).map((row) => row.userId)).toEqual(['UP1000101']);
    expect(filterReportRows(rows, 'mei.tanaka@', undefined).map((row) => row.firstName)).toEqual(['Mei']);
    expect(filterReportRows(rows, ' up1000184 ', undefined).map((row) => row.firstName)).toEqual(['Omar']);
    expect(filterReportRows(rows, 'nobody', undefined)).toEqual([]);
    expect(filterReportRows(rows, '', undefined)).toHaveLength(sampleReports.length);
  });

  it('filters by status, with the search or alone', () => {
    expect(filterReportRows(rows, '', 'LOCKED').map((row) => row.firstName)).toEqual(['Mei', 'Omar']);
    expect(filterReportRows(rows, 'omar', 'ACTIVE')).toEqual([]);
    expect(filterReportRows(rows, '', 'DISABLED').map((row) => row.firstName)).toEqual(['Priya']);
  });

  it('keeps each sample row whole: its volume and activities of the sample types, listed newest first, the newest its last activity', () => {
    for (const report of sampleReports) {
      const row = fromSampleReport(report);
      expect(row.volume).toBe(report.totalTradingVolume);
      expect(row.activities?.every((activity) => sampleActivityTypes.includes(activity.type))).toBe(true);
      const timestamps = report.activities.map((activity) => activity.timestamp);
      expect(timestamps).toEqual([...timestamps].sort().reverse());
      expect(report.lastActivity).toBe(timestamps[0]);
    }
    const types = new Set(sampleReports.flatMap((report) => report.activities.map((activity) => activity.type)));
    expect([...types].sort()).toEqual([...sampleActivityTypes].sort());
  });

  it('shows a live report with the master amount as its volume and no activities', () => {
    const { activities: _activities, totalTradingVolume: _volume, ...figures } = sampleReports[0] as SampleReport;
    const live: MemberReport = { ...figures, totalMasterAmount: 200 };
    const row = fromLiveReport(live);
    expect(row).toEqual({ ...figures, volume: 200, activities: null });
    expect(row).not.toHaveProperty('totalMasterAmount');
  });
});
