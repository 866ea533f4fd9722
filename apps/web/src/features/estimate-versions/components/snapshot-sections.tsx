import type { EstimateDetail } from '@portal/contract/estimates';

/**
 * A frozen estimate's sections and items, read-only: a plain table (no drag and drop, no item
 * drawer), since nothing in a version can change.
 */
export const SnapshotSections = ({ estimate }: { estimate: EstimateDetail }) => (
  <section
    aria-label="Sections"
    className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
  >
    {estimate.sections.length === 0 ? (
      <p className="px-5 py-4 text-sm text-slate-500">This version has no sections.</p>
    ) : (
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase">
            <th scope="col" className="px-5 py-2.5 font-semibold">
              Item
            </th>
            <th scope="col" className="w-28 px-5 py-2.5 text-right font-semibold">
              Low (h)
            </th>
            <th scope="col" className="w-28 px-5 py-2.5 text-right font-semibold">
              High (h)
            </th>
          </tr>
        </thead>
        {estimate.sections.map((section) => (
          <tbody key={section.id} className="border-b border-slate-100 last:border-0">
            <tr className="bg-slate-50">
              <th scope="rowgroup" className="px-5 py-2 text-left font-semibold text-slate-900">
                {section.name}
              </th>
              <td className="px-5 py-2 text-right font-semibold tabular-nums">
                {section.total_hours_low}
              </td>
              <td className="px-5 py-2 text-right font-semibold tabular-nums">
                {section.total_hours_high}
              </td>
            </tr>
            {section.items.map((item) => (
              <tr key={item.id}>
                <td className="px-5 py-2 pl-9 text-slate-700">{item.description}</td>
                <td className="px-5 py-2 text-right text-slate-700 tabular-nums">
                  {item.hours_low}
                </td>
                <td className="px-5 py-2 text-right text-slate-700 tabular-nums">
                  {item.hours_high}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    )}
  </section>
);
