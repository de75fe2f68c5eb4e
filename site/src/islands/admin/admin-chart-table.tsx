// The /admin charts' figures as a table, folded away under a summary: the same numbers for
// anyone who cannot read the bars.
import type { ChartBar } from './admin-chart-bars.ts';

/** The same figures as a table, folded away under a summary. */
export function ChartTable({
  title,
  bars,
  valueHeading,
}: {
  title: string;
  bars: readonly ChartBar[];
  valueHeading: string;
}) {
  return (
    <details className="admin-chart__table">
      <summary>Show {title.toLowerCase()} as a table</summary>
      <table>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">{valueHeading}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.longLabel}>
              <th scope="row">
                {bar.longLabel}
                {bar.future ? ' (to come)' : ''}
              </th>
              <td>{bar.valueText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
