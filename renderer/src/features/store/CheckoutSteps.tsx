import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  storeAddressInputSchema,
  storeBuyerInputSchema,
  type StoreAddress,
  type StoreBuyer,
  type StoreCheckoutView,
  type StoreFulfillmentGroup,
} from '@shared/contract';
import { useBuyerLocale } from './storePrices';
import { addressLines, optionPriceText, selectedShipping } from './checkoutSummary';
import { firstOpenStep, stepCompleteness, type CheckoutStep } from './checkoutSteps';
import { formErrors, type FieldErrors } from './formErrors';
import { RequestError } from './StoreNotices';
import { useContractMutation } from '../../state/contractQueries';
import { useCountryChoices } from '../../ui/locale/useCountryChoices';

const STEP_TITLES: Record<CheckoutStep, string> = {
  buyer: '1. Contact',
  address: '2. Shipping address',
  shipping: '3. Shipping option',
};

/**
 * Buyer, shipping address and shipping option, each sent to the store's checkout as it is filled in.
 * `onSent` learns which step the buyer sent (the page then shows the store's word on it).
 */
export function CheckoutSteps({
  checkout,
  country,
  onSent,
}: {
  checkout: StoreCheckoutView;
  country: string;
  onSent: (step: CheckoutStep) => void;
}) {
  const done = stepCompleteness(checkout);
  const open = firstOpenStep(done);
  const [editing, setEditing] = useState<CheckoutStep | null>(null);
  const active = editing ?? open;
  const step = (name: CheckoutStep, summary: ReactNode, form: ReactNode) => (
    <section
      className={`panel checkout-step${active === name ? ' active' : ''}`}
      aria-labelledby={`step-${name}-title`}
      data-testid={`step-${name}`}
      data-complete={done[name] ? 'true' : 'false'}
    >
      <h2 id={`step-${name}-title`}>{STEP_TITLES[name]}</h2>
      {active === name ? (
        form
      ) : done[name] ? (
        <div className="checkout-step-summary">
          {summary}
          <button type="button" className="link-button" onClick={() => setEditing(name)}>
            Change
          </button>
        </div>
      ) : (
        <p className="muted">After the step above.</p>
      )}
    </section>
  );
  const saved = (name: CheckoutStep) => () => {
    setEditing(null);
    onSent(name);
  };

  return (
    <div className="checkout-steps">
      {step(
        'buyer',
        checkout.buyer ? <BuyerSummary buyer={checkout.buyer} /> : null,
        <BuyerForm buyer={checkout.buyer} onSaved={saved('buyer')} />,
      )}
      {step(
        'address',
        checkout.fulfillment?.destination ? (
          <AddressSummary address={checkout.fulfillment.destination} />
        ) : null,
        <AddressForm
          address={checkout.fulfillment?.destination ?? null}
          buyer={checkout.buyer}
          country={country}
          onSaved={saved('address')}
        />,
      )}
      {step(
        'shipping',
        <ShippingSummary checkout={checkout} />,
        <ShippingChoice groups={checkout.fulfillment?.groups ?? []} onSaved={saved('shipping')} />,
      )}
    </div>
  );
}

function useUpdateCheckout(onSaved: () => void) {
  return useContractMutation('store.checkout.updateCheckout', {
    onSuccess: onSaved,
  });
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Leaving the field: its error shows from then on. */
  onBlur: () => void;
  error: string | undefined;
  testId: string;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  optional?: boolean;
}

function Field(props: FieldProps) {
  return (
    <label className="checkout-field">
      <span>
        {props.label}
        {props.optional ? <span className="muted"> (optional)</span> : null}
      </span>
      <input
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength ?? 200}
        aria-invalid={props.error ? true : undefined}
        data-testid={props.testId}
      />
      {props.error ? <span className="error checkout-field-error">{props.error}</span> : null}
    </label>
  );
}

/**
 * A checkout form's values and field errors, checked against the contract's schema before sending. A field's
 * error shows only once the buyer has acted on it (left it, or submitted the form), so a form opened for the
 * first time names nothing missing; from then on it follows what the buyer types.
 */
function useCheckoutForm<K extends string>(
  initial: Record<K, string>,
  schema: z.ZodType,
  labels: Record<K, string>,
) {
  const [values, setValues] = useState(initial);
  const [visited, setVisited] = useState<ReadonlySet<K>>(new Set());
  const errors = shownErrors(formErrors(schema, values, labels), visited);
  const visit = (name: K) => setVisited((before) => new Set([...before, name]));
  const input = (name: K) => ({
    value: values[name],
    onChange: (value: string) => setValues({ ...values, [name]: value }),
    onBlur: () => visit(name),
    error: errors[name],
  });
  const field = (name: K, label: string, testId: string, extra: Partial<FieldProps> = {}) => (
    <Field label={label} testId={testId} {...input(name)} {...extra} />
  );
  /** True when the values pass; otherwise every field's error shows (the buyer has acted on the form). */
  const validate = (): boolean => {
    setVisited(new Set(Object.keys(labels) as K[]));
    return Object.keys(formErrors(schema, values, labels)).length === 0;
  };
  return { values, field, input, validate };
}

function shownErrors<K extends string>(errors: FieldErrors<K>, visited: ReadonlySet<K>): FieldErrors<K> {
  return Object.fromEntries(
    Object.entries(errors).filter(([name]) => visited.has(name as K)),
  ) as FieldErrors<K>;
}

type BuyerField = 'firstName' | 'lastName' | 'email' | 'phoneNumber';

const BUYER_LABELS: Record<BuyerField, string> = {
  firstName: 'the first name',
  lastName: 'the last name',
  email: 'the email address',
  phoneNumber: 'phone number',
};

function BuyerForm({ buyer, onSaved }: { buyer: StoreBuyer | null; onSaved: () => void }) {
  const form = useCheckoutForm<BuyerField>(
    {
      firstName: buyer?.firstName ?? '',
      lastName: buyer?.lastName ?? '',
      email: buyer?.email ?? '',
      phoneNumber: buyer?.phoneNumber ?? '',
    },
    storeBuyerInputSchema,
    BUYER_LABELS,
  );
  const update = useUpdateCheckout(onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) update.mutate({ buyer: form.values });
  };
  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      {form.field('email', 'Email', 'buyer-email', { type: 'email', autoComplete: 'email' })}
      <div className="checkout-form-row">
        {form.field('firstName', 'First name', 'buyer-first-name', { autoComplete: 'given-name' })}
        {form.field('lastName', 'Last name', 'buyer-last-name', { autoComplete: 'family-name' })}
      </div>
      {form.field('phoneNumber', 'Phone', 'buyer-phone', {
        type: 'tel',
        autoComplete: 'tel',
        optional: true,
      })}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={update.isPending} data-testid="buyer-save">
          Continue
        </button>
      </div>
      <RequestError error={update.error} />
    </form>
  );
}

type AddressField =
  | 'firstName'
  | 'lastName'
  | 'streetAddress'
  | 'extendedAddress'
  | 'locality'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'phoneNumber';

const ADDRESS_LABELS: Record<AddressField, string> = {
  firstName: 'the first name',
  lastName: 'the last name',
  streetAddress: 'the street address',
  extendedAddress: 'the apartment or suite',
  locality: 'the city',
  region: 'the state or region',
  postalCode: 'the postal code',
  country: 'the country',
  phoneNumber: 'phone number',
};

function AddressForm(props: {
  address: StoreAddress | null;
  buyer: StoreBuyer | null;
  country: string;
  onSaved: () => void;
}) {
  const { address, buyer } = props;
  const form = useCheckoutForm<AddressField>(
    {
      firstName: address?.firstName || buyer?.firstName || '',
      lastName: address?.lastName || buyer?.lastName || '',
      streetAddress: address?.streetAddress ?? '',
      extendedAddress: address?.extendedAddress ?? '',
      locality: address?.locality ?? '',
      region: address?.region ?? '',
      postalCode: address?.postalCode ?? '',
      country: address?.country || props.country,
      phoneNumber: address?.phoneNumber || buyer?.phoneNumber || '',
    },
    storeAddressInputSchema,
    ADDRESS_LABELS,
  );
  const update = useUpdateCheckout(props.onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) update.mutate({ shippingAddress: form.values });
  };
  const { field } = form;
  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      <div className="checkout-form-row">
        {field('firstName', 'First name', 'address-first-name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last name', 'address-last-name', { autoComplete: 'family-name' })}
      </div>
      {field('streetAddress', 'Street address', 'address-street', { autoComplete: 'address-line1' })}
      {field('extendedAddress', 'Apartment, suite…', 'address-extended', {
        autoComplete: 'address-line2',
        optional: true,
      })}
      <div className="checkout-form-row">
        {field('locality', 'City', 'address-city', { autoComplete: 'address-level2' })}
        {field('region', 'State / region', 'address-region', {
          autoComplete: 'address-level1',
          optional: true,
        })}
      </div>
      <div className="checkout-form-row">
        {field('postalCode', 'Postal code', 'address-postal-code', {
          autoComplete: 'postal-code',
          maxLength: 20,
        })}
        <CountryField {...form.input('country')} />
      </div>
      {field('phoneNumber', 'Phone', 'address-phone', { type: 'tel', autoComplete: 'tel', optional: true })}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={update.isPending} data-testid="address-save">
          Use this address
        </button>
      </div>
      <RequestError error={update.error} />
    </form>
  );
}

/** The country, picked by its name in the app's language; the store gets its two-letter code. */
function CountryField(props: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const countries = useCountryChoices(props.value);
  return (
    <label className="checkout-field">
      <span>Country</span>
      <select
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
        autoComplete="country"
        aria-invalid={props.error ? true : undefined}
        data-testid="address-country"
      >
        {/^[A-Z]{2}$/.test(props.value) ? null : <option value={props.value}>Choose a country</option>}
        {countries.options.map((code) => (
          <option key={code} value={code}>
            {countries.labels[code]}
          </option>
        ))}
      </select>
      {props.error ? <span className="error checkout-field-error">{props.error}</span> : null}
    </label>
  );
}

/** The options the store offers for the address, per group of items; choosing one is sent at once. */
function ShippingChoice({ groups, onSaved }: { groups: StoreFulfillmentGroup[]; onSaved: () => void }) {
  const update = useUpdateCheckout(onSaved);
  const locale = useBuyerLocale();
  if (groups.length === 0) {
    return <p className="muted">The store has not offered shipping options for this address yet.</p>;
  }
  return (
    <div className="checkout-form">
      {groups.map((group) => (
        <fieldset key={group.id} className="checkout-options" disabled={update.isPending}>
          <legend className="muted">
            {groups.length > 1 ? `Shipment ${groups.indexOf(group) + 1}` : 'Delivery'}
          </legend>
          {group.options.map((option) => (
            <label key={option.id} className="checkout-option" data-testid="shipping-option">
              <input
                type="radio"
                name={`shipping-${group.id}`}
                checked={group.selectedOptionId === option.id}
                onChange={() => update.mutate({ fulfillment: { groupId: group.id, optionId: option.id } })}
              />
              <span className="checkout-option-title">
                {option.title}
                {option.carrier ? <span className="muted"> · {option.carrier}</span> : null}
              </span>
              <span className="muted">{option.description}</span>
              <span>{optionPriceText(option.total, locale) ?? ''}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <RequestError error={update.error} />
    </div>
  );
}

function BuyerSummary({ buyer }: { buyer: StoreBuyer }) {
  return (
    <p data-testid="buyer-summary">
      {buyer.firstName} {buyer.lastName} · {buyer.email}
    </p>
  );
}

function AddressSummary({ address }: { address: StoreAddress }) {
  return (
    <address className="checkout-address" data-testid="address-summary">
      {addressLines(address).map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}

function ShippingSummary({ checkout }: { checkout: StoreCheckoutView }) {
  const chosen = selectedShipping(checkout, useBuyerLocale());
  return (
    <p data-testid="shipping-summary">
      {chosen.map((choice) => [choice.title, choice.price].filter(Boolean).join(' · ')).join(', ')}
    </p>
  );
}
