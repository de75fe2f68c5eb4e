// Two small bar charts for /admin: bookings per week (12 weeks back, 8 ahead) and payments
// taken per month (before refunds). Plain SVG, no chart library: ~20 bars do not need one. Readable without colour: every
// bar carries its value, weeks still to come are striped (named in the legend), and the same
// figures are offered as a table. Where the columns would not fit side by side (a phone), the
// bars lie across, one per line, so the chart fits the screen with its text at full size
// (WCAG 1.4.10 reflow) instead of scrolling sideways.
import { Skeleton } from '@radix-ui/themes';
import { memo, type RefObject, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AdminStats } from './admin-api.ts';
import { type ChartBar, monthBars, weekBars } from './admin-chart-bars.ts';
import { ChartTable } from './admin-chart-table.tsx';

const BAR_SLOT = 40;
const BAR_WIDTH = 28;
const PLOT_HEIGHT = 140;
const TOP = 22;
const AXIS_LABELS = 34;

/** Bars lying across: one line each, text drawn at the page's small text size (1:1). */
const ROW = 30;
const ROW_BAR = 18;
const ACROSS_FONT_PX = 14;
/** About the width of one character of the chart's text, to size its label and value columns. */
const CHAR_PX = ACROSS_FONT_PX * 0.62;
const longest = (texts: readonly string[]) => Math.max(0, ...texts.map((t) => t.length));

/**
 * The element's content width in CSS pixels, followed as it changes; undefined until the browser
 * has laid it out (and where ResizeObserver is missing), when the columns are drawn as on a wide
 * screen. Read from the observer's report, which comes after a layout the browser does anyway,
 * never by asking for the width, which forced a layout of the whole page in the middle of
 * drawing the charts (decision 078). The report comes before the frame is painted, and so does
 * the chart drawn the other way round (flushSync): no frame shows the wrong one.
 */
function useContentWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0) || undefined;
      flushSync(() => setWidth(measured));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** What the past and the striped future bars stand for. */
function ChartLegend({ past, future }: { past: string; future: string }) {
  return (
    <ul className="admin-chart__legend">
      <li>
        <span className="admin-chart__key admin-chart__key--past" aria-hidden="true" />
        {past}
      </li>
      <li>
        <span className="admin-chart__key admin-chart__key--future" aria-hidden="true" />
        {future}
      </li>
    </ul>
  );
}

/** One bar with its value above it and its label below the axis. */
function BarGroup({
  bar,
  index,
  max,
  stripes,
}: {
  bar: ChartBar;
  index: number;
  max: number;
  /** The id of the striped pattern that fills bars still to come. */
  stripes: string;
}) {
  const h = Math.round((bar.value / max) * PLOT_HEIGHT);
  const x = index * BAR_SLOT + (BAR_SLOT - BAR_WIDTH) / 2;
  const y = TOP + PLOT_HEIGHT - h;
  const cx = index * BAR_SLOT + BAR_SLOT / 2;
  return (
    <g>
      <title>{`${bar.longLabel}: ${bar.valueText}`}</title>
      {h > 0 && (
        <rect
          x={x}
          y={y}
          width={BAR_WIDTH}
          height={h}
          className={bar.future ? 'admin-chart__bar--future' : 'admin-chart__bar'}
          fill={bar.future ? `url(#${stripes})` : undefined}
        />
      )}
      <text x={cx} y={y - 6} textAnchor="middle" className="admin-chart__value">
        {bar.valueText}
      </text>
      <text x={cx} y={TOP + PLOT_HEIGHT + 16} textAnchor="middle" className="admin-chart__label">
        {bar.label}
      </text>
    </g>
  );
}

/** One bar lying across: its label before it, its value after its end. */
function AcrossBar({
  bar,
  index,
  max,
  stripes,
  labelWidth,
  plotWidth,
}: {
  bar: ChartBar;
  index: number;
  max: number;
  stripes: string;
  /** Where the bars start: the label column's width. */
  labelWidth: number;
  /** The longest bar's length. */
  plotWidth: number;
}) {
  const w = Math.round((bar.value / max) * plotWidth);
  const top = index * ROW;
  const middle = top + ROW / 2;
  return (
    <g>
      <title>{`${bar.longLabel}: ${bar.valueText}`}</title>
      <text
        x={labelWidth - 8}
        y={middle}
        textAnchor="end"
        dominantBaseline="central"
        className="admin-chart__label"
      >
        {bar.label}
      </text>
      {w > 0 && (
        <rect
          x={labelWidth}
          y={top + (ROW - ROW_BAR) / 2}
          width={w}
          height={ROW_BAR}
          className={bar.future ? 'admin-chart__bar--future' : 'admin-chart__bar'}
          fill={bar.future ? `url(#${stripes})` : undefined}
        />
      )}
      <text
        x={labelWidth + w + 6}
        y={middle}
        dominantBaseline="central"
        className="admin-chart__value"
      >
        {bar.valueText}
      </text>
    </g>
  );
}

export function BarChart({
  title,
  description,
  bars,
  valueHeading,
  legend,
  available,
}: {
  title: string;
  description: string;
  bars: readonly ChartBar[];
  valueHeading: string;
  legend?: { past: string; future: string };
  /** The width the chart has, once known (`AdminCharts`). */
  available: number | undefined;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const stripes = `${id}-stripes`;
  // Columns where they fit at their own size (the axis labels would otherwise run together),
  // bars across where they do not.
  const across = available !== undefined && available < bars.length * BAR_SLOT;
  const labelWidth = Math.ceil(longest(bars.map((b) => b.label)) * CHAR_PX) + 12;
  const valueWidth = Math.ceil(longest(bars.map((b) => b.valueText)) * CHAR_PX) + 10;
  const width = across ? (available ?? 0) : bars.length * BAR_SLOT;
  const height = across ? bars.length * ROW : TOP + PLOT_HEIGHT + AXIS_LABELS;
  const plotWidth = Math.max(0, width - labelWidth - valueWidth);
  return (
    <figure className={across ? 'admin-chart admin-chart--across' : 'admin-chart'}>
      <figcaption className="admin-chart__title" id={`${id}-title`}>
        {title}
      </figcaption>
      {legend && <ChartLegend {...legend} />}
      <svg
        className="admin-chart__svg"
        // Across, drawn at the width it is shown (its text at 1:1); columns, a little larger
        // on a wide screen at most.
        style={across ? undefined : { maxWidth: `${Math.round(width * 1.3)}px` }}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-svg-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-svg-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <defs>
          <pattern
            id={stripes}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" className="admin-chart__stripe-bg" />
            <line x1="0" y1="0" x2="0" y2="6" className="admin-chart__stripe" strokeWidth="3" />
          </pattern>
        </defs>
        {across ? (
          <>
            <line
              x1={labelWidth}
              x2={labelWidth}
              y1={0}
              y2={height}
              className="admin-chart__axis"
            />
            {bars.map((bar, i) => (
              <AcrossBar
                key={bar.longLabel}
                bar={bar}
                index={i}
                max={max}
                stripes={stripes}
                labelWidth={labelWidth}
                plotWidth={plotWidth}
              />
            ))}
          </>
        ) : (
          <>
            <line
              x1="0"
              x2={width}
              y1={TOP + PLOT_HEIGHT}
              y2={TOP + PLOT_HEIGHT}
              className="admin-chart__axis"
            />
            {bars.map((bar, i) => (
              <BarGroup key={bar.longLabel} bar={bar} index={i} max={max} stripes={stripes} />
            ))}
          </>
        )}
      </svg>
      <ChartTable title={title} bars={bars} valueHeading={valueHeading} />
    </figure>
  );
}

/**
 * Both charts, or their placeholder until `stats` arrive. The frame is there from the start, so
 * its width is known before the charts are drawn, and they are drawn once, the right way round.
 * They are drawn from a deferred copy of `stats`: React then draws them in short slices after
 * the answer's own render, instead of in one long task as the answer lands (decision 078).
 * Memoised: the dashboard re-renders as each section below takes its turn, and the charts need
 * not be drawn again for that (docs/decisions/084).
 */
export const AdminCharts = memo(function AdminCharts({ stats }: { stats: AdminStats | undefined }) {
  const drawn = useDeferredValue(stats);
  const frame = useRef<HTMLDivElement>(null);
  const available = useContentWidth(frame);
  return (
    <div ref={frame} className="admin-charts">
      {drawn ? (
        <>
          <BarChart
            title="Bookings per week"
            description="Confirmed bookings for sessions in each week, from 12 weeks ago to 8 weeks ahead. Each bar is labelled with its number."
            bars={weekBars(drawn)}
            valueHeading="Bookings"
            legend={{ past: 'Past and current weeks (solid)', future: 'Weeks to come (striped)' }}
            available={available}
          />
          <BarChart
            title="Payments taken per month"
            description="Card payments taken in each of the last 12 months, in pounds, before refunds (the summary shows the refunds). Each bar is labelled with its amount."
            bars={monthBars(drawn)}
            valueHeading="Taken"
            available={available}
          />
        </>
      ) : (
        <Skeleton height="200px" />
      )}
    </div>
  );
});
