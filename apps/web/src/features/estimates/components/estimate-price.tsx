import { useId, useState } from 'react';
import { formatPrice, type EstimateDetail } from '@portal/contract/estimates';
import { useUnsavedChanges } from '../../../components/forms/unsaved-changes';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { parseError, toastError } from '../../../lib/errors';
import { useUpdateEstimate } from '../api/estimates';
import { useSession } from '../../../lib/auth';

const Figure = ({ label, value }: { label: string; value: string }) => (
  <div className="flex flex-col gap-1">
    <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
    <dd className="text-xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</dd>
  </div>
);

/** The price figures of an estimate with a rate (hours × rate), or nothing without one. */
export const PriceFigures = ({ estimate }: { estimate: EstimateDetail }) => {
  // "Safe" is the studio's word: a client reads "with contingency" (issue 25).
  const forClient = !useSession().isSuperuser;
  const { price, hourly_rate: rate, currency } = estimate;
  if (!price || !rate) return null;
  const money = (value: string) => formatPrice(value, currency);
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Figure label={`Rate (${currency})`} value={`${money(rate)} / h`} />
      <Figure label="Price" value={`${money(price.low)} – ${money(price.high)}`} />
      <Figure
        label={forClient ? 'Price with contingency' : 'Price (safe)'}
        value={money(price.safe)}
      />
    </dl>
  );
};

/** Staff set or clear the hourly rate and currency; blank rate means hours only. */
const PriceForm = ({ estimate }: { estimate: EstimateDetail }) => {
  const id = useId();
  const update = useUpdateEstimate(estimate.id);
  const [rate, setRate] = useState(estimate.hourly_rate ?? '');
  const [currency, setCurrency] = useState(estimate.currency);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // An inline form: it cannot be closed, but leaving the page or reloading with a rate typed and
  // not saved asks first, as every form does (issue 26).
  const dirty = rate !== (estimate.hourly_rate ?? '') || currency !== estimate.currency;
  const unsaved = useUnsavedChanges({
    open: true,
    dirty: dirty && !update.isPending,
    onOpenChange: () => undefined,
  });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    update.mutate(
      { hourly_rate: rate.trim() || null, currency: currency.trim() },
      {
        onSuccess: (saved) => {
          // As the server wrote them ("95" is "95.00"), so the form is clean again.
          setRate(saved.hourly_rate ?? '');
          setCurrency(saved.currency);
          toast.success('Price saved');
        },
        onError: (error) => {
          const parsed =
            error instanceof ApiError && error.status === 400 ? parseError(error) : null;
          if (parsed && parsed.fields.length > 0) setErrors(Object.fromEntries(parsed.fields));
          else toastError(error);
        },
      },
    );
  };

  return (
    // Top-aligned, the button a label's height down: a field's error below it moves nothing.
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <Field label="Hourly rate" htmlFor={`${id}-rate`} error={errors.hourly_rate}>
        <Input
          id={`${id}-rate`}
          inputMode="decimal"
          className="w-36"
          placeholder="e.g. 95.00"
          value={rate}
          invalid={Boolean(errors.hourly_rate)}
          onChange={(event) => setRate(event.target.value)}
        />
      </Field>
      <Field label="Currency" htmlFor={`${id}-currency`} error={errors.currency}>
        <Input
          id={`${id}-currency`}
          className="w-24 uppercase"
          maxLength={3}
          placeholder="EUR"
          value={currency}
          invalid={Boolean(errors.currency)}
          onChange={(event) => setCurrency(event.target.value)}
        />
      </Field>
      <Button type="submit" variant="secondary" loading={update.isPending} className="mt-[26px]">
        Save price
      </Button>
      {unsaved.prompt}
    </form>
  );
};

/**
 * The estimate's price (DESIGN §8): figures for everyone when it has a rate; staff also set the
 * rate and currency here. Clients see nothing while it is in hours only.
 */
export const EstimatePrice = ({
  estimate,
  canEdit,
}: {
  estimate: EstimateDetail;
  canEdit: boolean;
}) => {
  if (!canEdit && !estimate.price) return null;
  return (
    <section
      aria-labelledby="estimate-price"
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-sm print:border-0 print:px-0 print:shadow-none',
        !estimate.price && 'print:hidden',
      )}
    >
      <h2 id="estimate-price" className="text-[15px] font-semibold text-slate-900">
        Price
      </h2>
      <PriceFigures estimate={estimate} />
      {canEdit && (
        <div className="print:hidden">
          {!estimate.price && (
            <p className="mb-3 text-sm text-slate-500">
              In hours only. Set an hourly rate and a currency to show the client a price.
            </p>
          )}
          <PriceForm key={`${estimate.hourly_rate}-${estimate.currency}`} estimate={estimate} />
        </div>
      )}
    </section>
  );
};
