/** The training screen a component serves: its language and launch query (what server actions need). */
export type TrainingPageRef = { lang: string; query: string };
