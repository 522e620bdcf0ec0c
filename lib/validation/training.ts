import * as z from "zod/mini";
import { deviceSnChecks, LIGHT_SOURCES, TRAINING_COURSES } from "@/lib/contract/rules";

/** Forms and action inputs of the safety-training page (SPEC §5). */
export { canonicalDeviceSn, DEVICE_SN_LENGTH, LIGHT_SOURCES, type LightSource, type TrainingCourse } from "@/lib/contract/rules";

export const snPasswordFormSchema = z.object({
  sn: z.string({ error: "snRequired" }).check(...deviceSnChecks),
  power: z.enum(LIGHT_SOURCES, { error: "lightSourceRequired" }),
});
export type SnPasswordFormInput = z.infer<typeof snPasswordFormSchema>;

export const trainingCourseField = z.enum(TRAINING_COURSES);
export const certIdField = z.string().check(z.regex(/^(LS|PR)\d{4}-[0-9A-Z]{8}$/));
export const viewIdField = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/));
export const positionField = z.number().check(z.minimum(0), z.maximum(86_400));
