// The mail a reader can get, each edition defined once: its name, what it holds, when it goes
// out and the job that sends it. The jobs take their schedules from here, the messages their
// names, and the sign-up and preferences forms their copy, so what the forms promise is what
// the jobs do. Isomorphic (the preferences island reads it); no server code.

/** Days of the week (0 Sunday … 6 Saturday). */
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * When an edition goes out: on these weekdays at `BRIEFING_TIME` (US Eastern, 06:30 unless
 * configured), after each EIA import that brings new figures, or every hour.
 */
export type EditionSchedule = { at: 'briefing-time'; weekdays: readonly number[] } | { at: 'after-import' } | { at: 'hourly' };

export interface MailEdition {
  /** The outbox's `kind` of its messages. */
  kind: 'briefing' | 'roundup' | 'alert' | 'grid' | 'data-alert' | 'topics';
  /** The job that sends it (`scheduled_jobs.name`). */
  job: string;
  /** Its name as a heading or a checkbox label: "Daily briefing". */
  label: string;
  /** Its name inside a sentence: "daily briefing". */
  name: string;
  /** What it holds, after a dash: "the day’s energy news and prices". */
  description: string;
  schedule: EditionSchedule;
  /**
   * The subscriber's choice that turns it on, for an edition readers tick on the forms: the
   * field the forms send and the API answers, and the boolean column of `subscribers` of that
   * name (db/schema/mail.ts). Topic digests go to whoever follows topics, data alerts to whoever
   * set one up.
   */
  choice?: string;
  /** Whether the sign-up form ticks the choice to begin with (and a sign-up that leaves it out takes it). */
  chosenByDefault?: boolean;
}

export const MAIL_EDITIONS = {
  briefing: {
    kind: 'briefing',
    job: 'daily-briefing',
    label: 'Daily briefing',
    name: 'daily briefing',
    description: 'the day’s energy news and prices',
    schedule: { at: 'briefing-time', weekdays: EVERY_DAY },
    choice: 'dailyBriefing',
    chosenByDefault: true,
  },
  roundup: {
    kind: 'roundup',
    job: 'weekly-roundup',
    label: 'Weekly roundup',
    name: 'weekly roundup',
    description: 'the week’s big stories',
    schedule: { at: 'briefing-time', weekdays: [1] },
    choice: 'weeklyRoundup',
    chosenByDefault: false,
  },
  alerts: {
    kind: 'alert',
    job: 'price-alerts',
    label: 'Price alerts',
    name: 'price alerts',
    description: 'an e-mail when a price crosses your level',
    schedule: { at: 'after-import' },
    choice: 'priceAlerts',
    chosenByDefault: false,
  },
  grid: {
    kind: 'grid',
    job: 'grid-weekly',
    label: 'Grid weekly',
    name: 'grid weekly',
    description: 'the week’s grid demand, records and fuel mix by region, and the Utilities stories',
    schedule: { at: 'briefing-time', weekdays: [2] },
    choice: 'gridWeekly',
    chosenByDefault: false,
  },
  dataAlerts: {
    kind: 'data-alert',
    job: 'data-alerts',
    label: 'Data alerts',
    name: 'data alerts',
    description: 'an e-mail when gas storage leaves its five-year range, a grid region sets a demand record or your state’s power price moves',
    schedule: { at: 'after-import' },
  },
  topics: {
    kind: 'topics',
    job: 'topic-digest',
    label: 'Topic digest',
    name: 'topic digest',
    description: 'new stories in the topics you follow',
    schedule: { at: 'hourly' },
  },
} as const satisfies Record<string, MailEdition>;

export type EditionId = keyof typeof MAIL_EDITIONS;

/** An edition a reader ticks on the forms: an entry of the catalog with a `choice`. */
export type ChosenEdition = Extract<(typeof MAIL_EDITIONS)[EditionId], { choice: string }>;

/** A reader's choice of an edition: a form and API field, and a column of `subscribers`. */
export type EditionChoice = ChosenEdition['choice'];

/**
 * The editions a reader ticks on the forms, in the catalog's order: the forms' checkboxes, the
 * API's fields, the export's columns and the admin's list all follow it.
 */
export const CHOSEN_EDITIONS: readonly ChosenEdition[] = Object.values(MAIL_EDITIONS).filter(
  (edition): edition is ChosenEdition => 'choice' in edition,
);

/** One value per choice, made from its edition: `byChoice((e) => e.chosenByDefault)` is `{dailyBriefing: true, …}`. */
export function byChoice<T>(value: (edition: ChosenEdition) => T): Record<EditionChoice, T> {
  return Object.fromEntries(CHOSEN_EDITIONS.map((edition) => [edition.choice, value(edition)])) as Record<EditionChoice, T>;
}

/** The editions a reader's choices turn on (`choices` holds at least every choice), in the catalog's order. */
export function editionsChosen(choices: Readonly<Record<EditionChoice, boolean>>): ChosenEdition[] {
  return CHOSEN_EDITIONS.filter((edition) => choices[edition.choice]);
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** When an edition goes out, in words: "every day", "every Monday", "after each EIA release". */
export function scheduleText(schedule: EditionSchedule): string {
  if (schedule.at === 'after-import') return 'after each EIA release';
  if (schedule.at === 'hourly') return 'at most once an hour';
  const days = [...schedule.weekdays].sort((a, b) => a - b);
  if (days.length === 7) return 'every day';
  if (days.join() === '1,2,3,4,5') return 'every weekday';
  const names = days.map((d) => DAY_NAMES[d] ?? '');
  return `every ${names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`}`;
}

/** What an edition holds and when, as the forms say it: "the day’s energy news and prices, every day". */
export function editionHint(edition: MailEdition): string {
  return `${edition.description}, ${scheduleText(edition.schedule)}`;
}

/** What following a topic brings, said beside a topic's checkbox: "Follow Solar to get its new stories by e-mail, at most once an hour." */
export function followTopicText(topicName: string): string {
  return `Follow ${topicName} to get its new stories by e-mail, ${scheduleText(MAIL_EDITIONS.topics.schedule)}.`;
}
