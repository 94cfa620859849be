import '@mantine/core/styles/Table.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FRAME_TYPE_VALUES,
  StyleInputSchema,
  StylePatchSchema,
  type AdminProductDetail,
  type CatalogueMasters,
  type StyleInput,
} from '@frameport/domain/contract/admin-catalogue';
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { z } from 'zod/mini';
import { catalogueTexts as text } from '../texts.ts';
import classes from './style-form.module.css';

/** An empty text box is "not given" (null), as the contract has it. */
const blankAsNull = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === '' ? null : value);

export type StyleFormValues = z.input<typeof StyleInputSchema>;

/** The GST rate in force for an HSN code: the longest prefix of the table that it starts with. */
export function gstRateFor(hsnCode: string, rates: CatalogueMasters['gstRates']): number | null {
  const code = hsnCode.trim();
  let best: { hsnPrefix: string; ratePercent: number } | null = null;
  for (const rate of rates) {
    if (code.startsWith(rate.hsnPrefix) && (best === null || rate.hsnPrefix.length > best.hsnPrefix.length)) best = rate;
  }
  return best?.ratePercent ?? null;
}

export function valuesOf(detail: AdminProductDetail | null): StyleFormValues {
  if (detail === null) {
    return {
      modelNumber: '',
      productName: '',
      brandId: undefined as unknown as number,
      productTypeId: undefined as unknown as number,
      frameType: null,
      frameShapeId: null,
      materialId: null,
      templeMaterialId: null,
      sizeId: null,
      eyeSizeMm: null,
      noseBridgeMm: null,
      armLengthMm: null,
      frameWidthMm: null,
      weightGrams: null,
      genderIds: [],
      tags: [],
      warranty: null,
      description: null,
      hsnCode: '',
      netPrice: undefined as unknown as number,
      releaseDate: null,
      colours: [{ colourCode: 'C1', frameColourId: undefined as unknown as number, templeColourId: undefined as unknown as number, openingStock: 0, lowStockThreshold: null }],
    };
  }
  return {
    modelNumber: detail.modelNumber,
    productName: detail.productName,
    brandId: detail.brandId,
    productTypeId: detail.productTypeId,
    frameType: detail.frameType,
    frameShapeId: detail.frameShapeId,
    materialId: detail.materialId,
    templeMaterialId: detail.templeMaterialId,
    sizeId: detail.sizeId,
    eyeSizeMm: detail.eyeSizeMm,
    noseBridgeMm: detail.noseBridgeMm,
    armLengthMm: detail.armLengthMm,
    frameWidthMm: detail.frameWidthMm,
    weightGrams: detail.weightGrams,
    genderIds: detail.genderIds,
    tags: detail.tags,
    warranty: detail.warranty,
    description: detail.description,
    hsnCode: detail.hsnCode,
    netPrice: detail.netPrice,
    releaseDate: detail.releaseDate,
    colours: detail.colours.map((colour) => ({
      id: colour.id,
      colourCode: colour.colourCode,
      frameColourId: colour.frameColourId,
      templeColourId: colour.templeColourId,
      openingStock: 0,
      lowStockThreshold: colour.lowStockThreshold,
    })),
  };
}

type Props = {
  masters: CatalogueMasters;
  /** The style as saved; null for a new one. */
  detail: AdminProductDetail | null;
  readOnly: boolean;
  saving: boolean;
  /** A refusal from the server, shown above Save. */
  serverError: string | null;
  onSubmit: (values: StyleInput) => void;
};

/**
 * Every field of a style (spec section 3 and the technical-info tab) and its colour variants,
 * checked with the contract's own schema (so the messages are the server's); the GST rate follows
 * the HSN code from the rates in force. Read-only for warehouse staff.
 */
export function StyleForm({ masters, detail, readOnly, saving, serverError, onSubmit }: Props) {
  const form = useForm<StyleFormValues, unknown, StyleInput>({
    resolver: zodResolver(detail === null ? StyleInputSchema : (StylePatchSchema as unknown as typeof StyleInputSchema)),
    defaultValues: valuesOf(detail),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const colours = useFieldArray({ control, name: 'colours', keyName: 'key' });
  const hsn = useWatch({ control, name: 'hsnCode' }) ?? '';
  const gst = gstRateFor(hsn, masters.gstRates);
  const nextCode = () => {
    const used = new Set(form.getValues('colours').map((colour) => colour.colourCode.toUpperCase()));
    for (let n = 1; n < 100; n += 1) if (!used.has(`C${n}`)) return `C${n}`;
    return '';
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={detail === null ? 'New style' : `Style ${detail.modelNumber}`}>
      <fieldset disabled={readOnly || saving} className={classes.fieldset}>
        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="style-details-heading">
          <Title order={2} fz="md" id="style-details-heading" mb="xs">
            Style
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <TextInput label="Model number" required {...register('modelNumber')} error={errors.modelNumber?.message} autoComplete="off" />
            <TextInput label="Product name" required {...register('productName')} error={errors.productName?.message} />
            <IdSelect control={control} name="brandId" label="Brand" required options={masters.brands} />
            <IdSelect control={control} name="productTypeId" label="Type" required options={masters.productTypes} />
            <Controller
              control={control}
              name="frameType"
              render={({ field, fieldState }) => (
                <NativeSelect
                  label="Frame type"
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data={[{ value: '', label: '—' }, ...FRAME_TYPE_VALUES.map((value) => ({ value, label: value }))]}
                />
              )}
            />
            <IdSelect control={control} name="frameShapeId" label="Shape" options={masters.frameShapes} />
            <IdSelect control={control} name="materialId" label="Frame material" options={masters.materials} />
            <IdSelect control={control} name="templeMaterialId" label="Temple material" options={masters.materials} />
            <IdSelect control={control} name="sizeId" label="Size" options={masters.sizes} />
            <NumberField control={control} name="eyeSizeMm" label="Eye size (mm)" />
            <NumberField control={control} name="noseBridgeMm" label="Bridge (mm)" />
            <NumberField control={control} name="armLengthMm" label="Temple (mm)" />
            <NumberField control={control} name="frameWidthMm" label="Frame width (mm)" />
            <NumberField control={control} name="weightGrams" label="Weight (g)" />
            <TextInput label="Release date" type="date" {...register('releaseDate', { setValueAs: blankAsNull })} error={errors.releaseDate?.message} />
            <TextInput label="Warranty" {...register('warranty', { setValueAs: blankAsNull })} error={errors.warranty?.message} />
          </SimpleGrid>

          <Controller
            control={control}
            name="genderIds"
            render={({ field }) => (
              <Checkbox.Group
                label="Gender"
                mt="xs"
                value={(field.value ?? []).map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
              >
                <Group gap="md" mt={4}>
                  {masters.genders.map((gender) => (
                    <Checkbox key={gender.id} value={String(gender.id)} label={gender.name} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <Controller
            control={control}
            name="tags"
            render={({ field, fieldState }) => (
              <TagsField value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} suggestions={masters.tags.map((tag) => tag.name)} />
            )}
          />
          <Textarea
            label="Description"
            mt="xs"
            rows={3}
            {...register('description', { setValueAs: blankAsNull })}
            error={errors.description?.message}
          />
        </Paper>

        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="style-tax-heading" mt="sm">
          <Title order={2} fz="md" id="style-tax-heading" mb="xs">
            Price and tax
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
            <TextInput label="HSN code" required inputMode="numeric" {...register('hsnCode')} error={errors.hsnCode?.message} />
            <TextInput label="GST rate" readOnly value={text.gstFromHsn(hsn.trim() === '' ? null : gst)} aria-describedby="gst-hint" variant="filled" />
            <Controller
              control={control}
              name="netPrice"
              render={({ field, fieldState }) => (
                <PriceField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} saved={detail !== null} />
              )}
            />
          </SimpleGrid>
          <Text id="gst-hint" size="xs" c="dimmed" mt={4}>
            The rate comes from the GST table by HSN code; the server checks it again on save.
          </Text>
          {detail !== null && (
            <Text id="net-price-hint" size="xs" c="dimmed">
              A net price changed here applies today; to change it from a later day, schedule it under Price below.
            </Text>
          )}
        </Paper>

        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="style-colours-heading" mt="sm">
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="md" id="style-colours-heading">
              Colours
            </Title>
            {!readOnly && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconPlus size={14} aria-hidden="true" />}
                onClick={() =>
                  colours.append({
                    colourCode: nextCode(),
                    frameColourId: undefined as unknown as number,
                    templeColourId: undefined as unknown as number,
                    openingStock: 0,
                    lowStockThreshold: null,
                  })
                }
              >
                {text.addColour}
              </Button>
            )}
          </Group>
          {errors.colours?.root?.message || errors.colours?.message ? (
            <Text c="red.8" size="sm" role="alert">
              {errors.colours?.root?.message ?? errors.colours?.message}
            </Text>
          ) : null}
          <Table className={classes.colours} aria-label="Colour variants" verticalSpacing={4} horizontalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Frame colour</Table.Th>
                <Table.Th>Temple colour</Table.Th>
                <Table.Th>{detail === null ? 'Opening stock' : 'Stock'}</Table.Th>
                <Table.Th>Low-stock threshold</Table.Th>
                <Table.Th>
                  <span className={classes.hidden}>Remove</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {colours.fields.map((row, index) => {
                const saved = row.id !== undefined;
                const rowErrors = errors.colours?.[index];
                return (
                  <Table.Tr key={row.key}>
                    <Table.Td data-label="Code">
                      <TextInput size="xs" aria-label={`Colour ${index + 1} code`} {...register(`colours.${index}.colourCode`)} error={rowErrors?.colourCode?.message} className={classes.code} />
                    </Table.Td>
                    <Table.Td data-label="Frame colour">
                      <ColourSelect control={control} name={`colours.${index}.frameColourId`} label={`Colour ${index + 1} frame colour`} colours={masters.colours} />
                    </Table.Td>
                    <Table.Td data-label="Temple colour">
                      <ColourSelect control={control} name={`colours.${index}.templeColourId`} label={`Colour ${index + 1} temple colour`} colours={masters.colours} />
                    </Table.Td>
                    <Table.Td data-label={saved ? 'Stock' : 'Opening stock'}>
                      {saved ? (
                        <Text size="xs" c="dimmed">
                          {detail?.colours.find((colour) => colour.id === row.id)?.stock ?? 0} in stock
                        </Text>
                      ) : (
                        <NumberField control={control} name={`colours.${index}.openingStock`} label={`Colour ${index + 1} opening stock`} hideLabel nullAs={0} />
                      )}
                    </Table.Td>
                    <Table.Td data-label="Low-stock threshold">
                      <NumberField
                        control={control}
                        name={`colours.${index}.lowStockThreshold`}
                        label={`Colour ${index + 1} low-stock threshold`}
                        hideLabel
                        placeholder={`Default ${masters.defaultLowStockThreshold}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      {!readOnly && !saved && colours.fields.length > 1 && (
                        <Button size="compact-sm" variant="subtle" color="red.8" onClick={() => colours.remove(index)} aria-label={`${text.removeColour} ${index + 1}`}>
                          <IconTrash size={14} aria-hidden="true" />
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      </fieldset>

      {serverError !== null && (
        <Alert color="red" mt="sm" role="alert" title="Not saved">
          {serverError}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={saving}>
            {detail === null ? 'Create style' : 'Save'}
          </Button>
        </Group>
      )}
    </form>
  );
}

function IdSelect<T extends FieldValues>(props: { control: Control<T>; name: FieldPath<T>; label: string; required?: boolean; options: { id: number; name: string }[] }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <NativeSelect
          label={props.label}
          required={props.required}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.value === '' ? (props.required ? undefined : null) : Number(event.currentTarget.value))}
          onBlur={field.onBlur}
          error={fieldState.error === undefined ? undefined : props.required && field.value === undefined ? `Please choose the ${props.label.toLowerCase()}.` : fieldState.error.message}
          data={[{ value: '', label: props.required ? `Choose…` : '—' }, ...props.options.map((option) => ({ value: String(option.id), label: option.name }))]}
        />
      )}
    />
  );
}

function ColourSelect<T extends FieldValues>(props: { control: Control<T>; name: FieldPath<T>; label: string; colours: CatalogueMasters['colours'] }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        const chosen = props.colours.find((colour) => colour.id === field.value);
        return (
          <NativeSelect
            size="xs"
            aria-label={props.label}
            value={field.value === undefined || field.value === null ? '' : String(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.value === '' ? undefined : Number(event.currentTarget.value))}
            onBlur={field.onBlur}
            error={fieldState.error === undefined ? undefined : 'Please choose a colour.'}
            leftSection={<span className={classes.swatch} style={{ background: chosen?.hexCode ?? 'transparent' }} aria-hidden="true" />}
            data={[{ value: '', label: 'Choose…' }, ...props.colours.map((colour) => ({ value: String(colour.id), label: colour.name }))]}
          />
        );
      }}
    />
  );
}

function NumberField<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** What an empty box means: null (not given) unless said otherwise. */
  nullAs?: number | null;
}) {
  const empty = props.nullAs === undefined ? null : props.nullAs;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextInput
          size={props.hideLabel ? 'xs' : 'sm'}
          label={props.hideLabel ? undefined : props.label}
          aria-label={props.hideLabel ? props.label : undefined}
          inputMode="numeric"
          placeholder={props.placeholder}
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(event) => {
            const raw = event.currentTarget.value.trim();
            field.onChange(raw === '' ? empty : Number(raw));
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

const rupeesFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The net price as typed ('1,499.50'), sent as rupees; what was typed stays in the box while it is
 * being typed. A saved style's price shows as the desk writes it (1,499.50, not 1499.5); its hint
 * says that a change here applies today (a later day goes through the price schedule).
 */
function PriceField(props: { value: number | undefined; onChange: (value: number | undefined) => void; onBlur: () => void; error?: string; saved: boolean }) {
  const [raw, setRaw] = useState(props.value === undefined ? '' : rupeesFormat.format(props.value));
  return (
    <TextInput
      label="Net price (₹)"
      required
      aria-describedby={props.saved && props.error === undefined ? 'net-price-hint' : undefined}
      inputMode="decimal"
      value={raw}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setRaw(typed);
        const cleaned = typed.replace(/[₹,\s]/g, '');
        props.onChange(cleaned === '' ? undefined : Number(cleaned));
      }}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}

/** Tags as comma-separated names (the first is the collection); the names in use are suggested. */
function TagsField({ value, onChange, error, suggestions }: { value: string[]; onChange: (tags: string[]) => void; error?: string; suggestions: string[] }) {
  return (
    <>
      <TextInput
        label="Tags (the first is the collection)"
        mt="xs"
        list="style-tag-suggestions"
        description="Separate with commas."
        defaultValue={value.join(', ')}
        onChange={(event) =>
          onChange(
            event.currentTarget.value
              .split(',')
              .map((tag) => tag.trim())
              .filter(Boolean),
          )
        }
        error={error}
      />
      <datalist id="style-tag-suggestions">
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
