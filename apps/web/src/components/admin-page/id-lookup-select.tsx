import { useQuery } from '@tanstack/react-query';
import { GRID_MAX_TOP, gridPageSchema } from '@loupe/contracts';
import { InputNumber, Select, Typography } from 'antd';
import type { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';

/*
 * A form field that picks another record by name where the form stores its id (a job's sentiment model, a topic
 * model's annotation work). The options come from the record's grid; a user whose role may not read that grid
 * (403) gets the id as a typed number instead, with a translated hint saying why, so a `job:manage` user without
 * `annotation:read` can still save a job whose id they know (the server checks the id either way).
 */

/**
 * The first GRID_MAX_TOP rows of a grid by name (a tenant has far fewer of these records). A refusal does not open
 * the error dialog and is not retried: the field falls back to a typed id.
 */
export function useLookupRows<T extends z.ZodType>(endpoint: string, item: T) {
  return useQuery({
    queryKey: [endpoint, 'lookup'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${endpoint}?$top=${GRID_MAX_TOP}&$orderby=Name asc`,
        schema: gridPageSchema(item),
        signal,
        showErrorDialog: 'serverErrorsOnly',
      }),
    select: (page) => page.Items,
  });
}

export type LookupOption = { value: number; label: string };

/** Options named "Name (language)", for records of one language (models, datasets). */
export function namedWithLanguage(
  rows: readonly { Id: number; Name: string; Language: string }[] | undefined,
): LookupOption[] {
  return (rows ?? []).map((row) => ({ value: row.Id, label: `${row.Name} (${row.Language})` }));
}

type Props = {
  /** Given by Form.Item. */
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  options: LookupOption[];
  /** The lookup (useLookupRows): loading shows in the select, a 403 turns the field into a typed id. */
  lookup: { isLoading: boolean; error: unknown };
  /** Shown under the typed id when the list was refused. */
  refusedHint: string;
  /** Shown in the select when nothing is chosen. */
  placeholder?: string;
  notFoundContent?: string;
  disabled?: boolean;
};

/** A searchable select over `options`, or a typed id with `refusedHint` when the user may not list them. */
export function IdLookupSelect({
  id,
  value,
  onChange,
  options,
  lookup,
  refusedHint,
  placeholder,
  notFoundContent,
  disabled,
}: Props) {
  if (lookup.error instanceof ApiError && lookup.error.status === 403) {
    const hintId = id ? `${id}-refused` : undefined;
    return (
      <>
        <InputNumber
          id={id}
          aria-describedby={hintId}
          value={value}
          onChange={(next) => onChange?.(next ?? null)}
          min={1}
          max={2_147_483_647}
          precision={0}
          disabled={disabled}
          style={{ inlineSize: '100%' }}
        />
        <Typography.Text id={hintId} type="secondary">
          {refusedHint}
        </Typography.Text>
      </>
    );
  }
  // A chosen record the list does not hold (another language, a filtered type) still shows, by its id.
  const shown =
    value == null || options.some((option) => option.value === value)
      ? options
      : [{ value, label: `#${value}` }, ...options];
  return (
    <Select<number | null>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={lookup.isLoading}
      options={shown}
      placeholder={placeholder}
      notFoundContent={notFoundContent}
      disabled={disabled}
    />
  );
}
