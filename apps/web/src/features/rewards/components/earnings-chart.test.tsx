import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EarningsChart } from './earnings-chart';

const cycles = [
  { cycle: 45, startsAt: '2026-11-09T00:00:00.000Z', direct: 6, downline: 30 },
  { cycle: 46, startsAt: '2026-11-16T00:00:00.000Z', direct: 2, downline: 8 },
];

/** The attributes of every <rect> of the drawing, in document order. */
function rects(html: string) {
  return [...html.matchAll(/<rect ([^>]*)\/?>/g)].map(([, attributes]) =>
    Object.fromEntries([...(attributes ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key, value]) => [key, value])),
  );
}

describe('the earnings chart', () => {
  it('is one SVG image labelled with its summary, with a title per bar', () => {
    const html = renderToStaticMarkup(<EarningsChart cycles={cycles} />);
    expect(html).toMatch(
      /<svg role="img" aria-label="Earnings over the last 2 cycles \(#45 to #46\): 46.00 USDT in all, the most 36.00 USDT in cycle #45"/,
    );
    expect(html).toContain('<title>Cycle #45 (from Nov 9, 2026): 36.00 USDT, direct 6.00, downline 30.00</title>');
    expect(html).toContain('<caption>Earnings per cycle</caption>');
  });

  it('stacks DOWNLINE on DIRECT, scaled to an axis of 50 with room for six cycles', () => {
    const html = renderToStaticMarkup(<EarningsChart cycles={cycles} />);
    expect(html).toContain('viewBox="0 0 60 100"');
    expect(html).toContain('>50.00</span>');
    const [downline45, direct45, downline46, direct46] = rects(html);
    // Axis top 50: cycle 45 = 30 on 6 → 60 % on 12 %; cycle 46 = 8 on 2 → 16 % on 4 %.
    expect(direct45).toMatchObject({ y: '88', height: '12', class: 'fill-brand-600' });
    expect(downline45).toMatchObject({ y: '28', height: '60', class: 'fill-sky-400' });
    expect(direct46).toMatchObject({ y: '96', height: '4' });
    expect(downline46).toMatchObject({ y: '80', height: '16' });
    expect(Number(downline46?.x)).toBeCloseTo(12.2);
  });

  it('says so instead of drawing an empty chart', () => {
    const html = renderToStaticMarkup(<EarningsChart cycles={[]} />);
    expect(html).not.toContain('<svg');
    expect(html).toContain('Your earnings per cycle appear here after your first reward.');
  });
});
