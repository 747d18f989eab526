import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EarningsChart } from './earnings-chart';

const cycles = [
  { cycle: 45, startsAt: '2026-11-09T00:00:00.000Z', direct: 6, downline: 30 },
  { cycle: 46, startsAt: '2026-11-16T00:00:00.000Z', direct: 2, downline: 8 },
];

/** Each bar of the drawing, in order: its two rectangles (DOWNLINE on top, then DIRECT) as drawn. */
function bars(chart: HTMLElement) {
  return [...chart.querySelectorAll('rect')].map((rect) => ({
    x: Number(rect.getAttribute('x')),
    y: rect.getAttribute('y'),
    height: rect.getAttribute('height'),
    fill: rect.getAttribute('class'),
  }));
}

describe('the earnings chart', () => {
  it('is one SVG image labelled with its summary, with a title per bar', () => {
    render(<EarningsChart cycles={cycles} />);
    const chart = screen.getByRole('img', {
      name: 'Earnings over the last 2 cycles (#45 to #46): 46.00 USDT in all, the most 36.00 USDT in cycle #45',
    });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect([...chart.querySelectorAll('title')].map((title) => title.textContent)).toEqual([
      'Cycle #45 (from Nov 9, 2026): 36.00 USDT, direct 6.00, downline 30.00',
      'Cycle #46 (from Nov 16, 2026): 10.00 USDT, direct 2.00, downline 8.00',
    ]);
    expect(screen.getByRole('table', { name: 'Earnings per cycle' })).toBeTruthy();
  });

  it('stacks DOWNLINE on DIRECT, scaled to an axis of 50 with room for six cycles', () => {
    render(<EarningsChart cycles={cycles} />);
    const chart = screen.getByTestId('earnings-chart');
    expect(chart.getAttribute('viewBox')).toBe('0 0 60 100');
    expect(within(chart.parentElement?.parentElement as HTMLElement).getByText('50.00')).toBeTruthy();
    const [downline45, direct45, downline46, direct46] = bars(chart);
    // Axis top 50: cycle 45 = 30 on 6 → 60 % on 12 %; cycle 46 = 8 on 2 → 16 % on 4 %.
    expect(direct45).toMatchObject({ y: '88', height: '12', fill: 'fill-brand-600' });
    expect(downline45).toMatchObject({ y: '28', height: '60', fill: 'fill-sky-400' });
    expect(direct46).toMatchObject({ y: '96', height: '4' });
    expect(downline46).toMatchObject({ y: '80', height: '16' });
    expect(downline46?.x).toBeCloseTo(12.2);
  });

  it('says so instead of drawing an empty chart', () => {
    render(<EarningsChart cycles={[]} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Your earnings per cycle appear here after your first reward.')).toBeTruthy();
  });
});
