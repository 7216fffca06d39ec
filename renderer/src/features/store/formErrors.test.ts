import { describe, expect, it } from 'vitest';
import { storeAddressInputSchema, storeBuyerInputSchema } from '@shared/contract';
import { formErrors } from './formErrors';

const BUYER_LABELS = {
  firstName: 'the first name',
  lastName: 'the last name',
  email: 'email address',
  phoneNumber: 'phone number',
};

describe('form errors', () => {
  it('passes a complete buyer', () => {
    expect(
      formErrors(
        storeBuyerInputSchema,
        { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: '' },
        BUYER_LABELS,
      ),
    ).toEqual({});
  });

  it('names each field to fix, in words the buyer can act on', () => {
    expect(
      formErrors(
        storeBuyerInputSchema,
        { firstName: '', lastName: 'Lovelace', email: 'not-an-email', phoneNumber: '555' },
        BUYER_LABELS,
      ),
    ).toEqual({
      firstName: 'Fill in the first name.',
      email: 'That is not a valid email address.',
      phoneNumber: 'a phone number in international form, like +15551234567',
    });
  });

  it('keeps the contract’s own hint for a country code', () => {
    const errors = formErrors(
      storeAddressInputSchema,
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        streetAddress: '1 Main St',
        extendedAddress: '',
        locality: 'Springfield',
        region: '',
        postalCode: '62701',
        country: 'usa',
        phoneNumber: '',
      },
      {
        firstName: 'the first name',
        lastName: 'the last name',
        streetAddress: 'the street address',
        extendedAddress: 'the apartment',
        locality: 'the city',
        region: 'the region',
        postalCode: 'the postal code',
        country: 'the country',
        phoneNumber: 'phone number',
      },
    );
    expect(errors).toEqual({ country: 'a two-letter country code, like US' });
  });
});
