import { DEVICE_SN_RULE, LIGHT_SOURCES, TRAINING_COURSES } from "@/lib/contract/rules";
import { fieldSchema, formSchema, oneOf, pattern, textField, wholeNumber, type FieldCheck, type Infer } from "./form-schema";

/** Forms and action inputs of the safety-training page (SPEC §5). */
export { canonicalDeviceSn, DEVICE_SN_LENGTH, LIGHT_SOURCES, type LightSource, type TrainingCourse } from "@/lib/contract/rules";

export const snPasswordFormSchema = formSchema({
  sn: textField(DEVICE_SN_RULE),
  power: oneOf(LIGHT_SOURCES, "lightSourceRequired"),
});
export type SnPasswordFormInput = Infer<typeof snPasswordFormSchema>;

const position: FieldCheck<number> = (raw) =>
  typeof raw === "number" && Number.isFinite(raw) && raw >= 0 && raw <= 86_400 ? { ok: true, value: raw } : { ok: false, message: "invalid" };

export const trainingCourseField = fieldSchema(oneOf(TRAINING_COURSES));
export const certIdField = fieldSchema(pattern(/^(LS|PR)\d{4}-[0-9A-Z]{8}$/));
export const viewIdField = fieldSchema(pattern(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/));
export const positionField = fieldSchema(position);

/** A page of the SN-password history ('items per page'); the services accept up to 50. */
export const SN_HISTORY_PAGE_SIZES = [10, 20, 50] as const;
export const snHistoryPageQuery = formSchema({
  page: wholeNumber((n) => n >= 1 && n <= 100_000),
  pageSize: wholeNumber((n) => n >= 1 && n <= 50),
});
