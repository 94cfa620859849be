import { gstinProblem, normaliseTaxId, panProblem, retailerMessages } from '@frameport/domain';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * The checks a retailer's form makes as it is filled in (the desk's create and edit, a sales
 * executive's proposal), with the domain's own rules and words: the GSTIN's format and check
 * character, its state against the billing state and its PAN against the PAN given; the PAN's
 * format. GSTIN and PAN may be typed in any case and with spaces (normaliseTaxId). The server
 * checks the same again, and refuses duplicates.
 */

type TaxFields = { gstin?: string | null; pan?: string | null; stateId?: unknown };

/** Each tax field's problem, when it has one; an empty field has none (both are optional). */
export function taxProblems(values: TaxFields, stateCodeOf: (stateId: number) => string | null): Partial<Record<'gstin' | 'pan', string>> {
  const problems: Partial<Record<'gstin' | 'pan', string>> = {};
  const pan = normaliseTaxId(values.pan ?? '');
  const panError = pan === '' ? null : panProblem(pan);
  if (panError !== null) problems.pan = panError;
  const gstin = normaliseTaxId(values.gstin ?? '');
  if (gstin !== '') {
    const stateId = Number(values.stateId);
    const gstinError = gstinProblem(gstin, {
      billingStateCode: Number.isInteger(stateId) && stateId > 0 ? stateCodeOf(stateId) : null,
      pan: pan !== '' && panError === null ? pan : null,
    });
    if (gstinError !== null) problems.gstin = gstinError;
  }
  return problems;
}

/**
 * The contract's zod resolver with the tax checks added: they show on blur even while other
 * fields are still empty (a zod refinement would wait until every other field is valid).
 */
export function withTaxChecks<V extends FieldValues & TaxFields, C, O>(base: Resolver<V, C, O>, stateCodeOf: (stateId: number) => string | null): Resolver<V, C, O> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const problems = taxProblems(values, stateCodeOf);
    if (Object.keys(problems).length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<V>;
    for (const [field, message] of Object.entries(problems) as ['gstin' | 'pan', string][]) {
      (errors as Record<string, unknown>)[field] ??= { type: 'domain', message };
    }
    return { values: {}, errors };
  };
}

/** The field a server's refusal is about (a duplicate email or GSTIN, a GSTIN or PAN problem), so it shows there. */
export function refusalField(message: string): 'email' | 'gstin' | 'pan' | null {
  const m = retailerMessages;
  if (message === m.duplicate.email) return 'email';
  if (message === m.duplicate.gstin || message === m.gstin.format || message === m.gstin.checksum || message === m.gstin.panMismatch) return 'gstin';
  if (message.startsWith(m.gstin.stateMismatch('00', '00').slice(0, 40))) return 'gstin';
  if (message === m.pan.format) return 'pan';
  return null;
}

/** A select's value as the id the contract takes: '' (nothing chosen) is undefined. */
export const idOf = (value: string): number | undefined => (value === '' ? undefined : Number(value));

/**
 * A controlled select's props from react-hook-form's field (state and city are controlled: the
 * city's options arrive after the form, and an uncontrolled select would lose the saved city).
 */
export function selectProps(field: { name: string; value: unknown; onBlur: () => void; ref: (element: HTMLSelectElement | null) => void }) {
  return {
    name: field.name,
    value: field.value === undefined || field.value === null ? '' : String(field.value),
    onBlur: field.onBlur,
    ref: field.ref,
  };
}
