export const StyleGuidePage = () => (
  <div className="mx-auto max-w-5xl p-8">
    <h1 className="text-2xl font-semibold text-slate-900">Style guide</h1>
  </div>
);
