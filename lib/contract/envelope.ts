import { z } from "zod";

/** Every upstream response is `{code, data}`; code 0 is success, anything else an error. */
export const envelopeSchema = z.object({
  code: z.number().int(),
  data: z.unknown().optional(),
  message: z.string().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export const SUCCESS_CODE = 0;

/** An empty success payload (`data` absent, null or `{}`). */
export const emptySchema = z.union([z.object({}).loose(), z.null(), z.undefined()]).transform(() => ({}));
