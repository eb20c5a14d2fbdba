import { z } from 'zod';
import { SAMPLE_MAX_ML } from '../scent-finder.ts';

// Discovery sets (issue 41, decision 061): a size made of sample sizes of other products, its
// stock drawn from theirs.

/** Sample sizes one set may hold, and units of one sample one set may take. */
export const SET_MAX_COMPONENTS = 10;
export const SET_MAX_COMPONENT_QUANTITY = 10;

/** A set's content as the storefront shows it ('Isi: …'). */
export const setContentSchema = z.object({
  product_name: z.string(),
  size_ml: z.number().int().nullable(),
  quantity: z.number().int(),
});
export type SetContent = z.infer<typeof setContentSchema>;

/** A set's component as the admin's size form reads it: with its product and its own stock. */
export const setComponentSchema = setContentSchema.extend({
  variant_id: z.string(),
  product_id: z.string(),
  stock: z.number().int().nullable(),
});
export type SetComponent = z.infer<typeof setComponentSchema>;

export const setComponentsSchema = z.object({
  /** The set's stock as the shop shows it: the fewest sets its components' stock makes. */
  stock: z.number().int().nullable(),
  components: z.array(setComponentSchema),
});
export type SetComponents = z.infer<typeof setComponentsSchema>;

const quantity = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: 'Jumlah harus bilangan bulat, contoh: 1' })
    .int('Jumlah harus bilangan bulat, contoh: 1')
    .min(1, 'Jumlah minimal 1')
    .max(SET_MAX_COMPONENT_QUANTITY, `Jumlah maksimal ${SET_MAX_COMPONENT_QUANTITY}`),
);

/**
 * The set's sample sizes as the admin composes them; an empty list makes the size a plain size
 * again (its stock then counted from 0). The server checks each is a sample of another product.
 */
export const setComponentsInputSchema = z.strictObject({
  components: z
    .array(
      z.strictObject({
        variant_id: z.string({ error: 'Pilih ukuran sampel' }).min(1, 'Pilih ukuran sampel').max(64),
        quantity,
      }),
    )
    .max(SET_MAX_COMPONENTS, `Set berisi paling banyak ${SET_MAX_COMPONENTS} sampel`)
    .refine((list) => list.length !== 1, 'Set berisi minimal 2 sampel')
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((item, index) => {
        if (seen.has(item.variant_id))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'variant_id'],
            message: 'Sampel ini sudah ada di set',
          });
        seen.add(item.variant_id);
      });
    }),
});
export type SetComponentsInput = z.input<typeof setComponentsInputSchema>;

/** The refusals of a component, by what is wrong with it. */
export const setComponentMessages = {
  not_found: 'Ukuran sampel tidak ditemukan',
  not_sample: `Isi set harus ukuran sampel (paling besar ${SAMPLE_MAX_ML} ml)`,
  same_product: 'Isi set harus sampel produk lain',
  is_set: 'Set tidak dapat berisi set lain',
} as const;
