import type { DbTx, Prisma } from "../../db/client";

/**
 * The settings columns a template may preset, with the JSON type each must have; anything else
 * in a template's settings object is ignored rather than written blindly into the row.
 */
const TEMPLATE_SETTING_KEYS = {
  enabledTabs: "string[]",
  requireTaskTypeOnTaskCreation: "boolean",
  showTaskDeadline: "boolean",
  projectAutomaticPlanning: "boolean",
  taskDateRangeBehaviour: "string",
  taskDateStartType: "string",
  taskDateEndType: "string",
  taskDateStartInterval: "string?",
  taskDateEndInterval: "string?",
  taskDateStartTime: "datetime?",
  taskDateEndTime: "datetime?",
  hideHourlyRateForRoles: "string[]",
  restrictTaskDateUpdatesToPMsOrCreators: "boolean",
} as const;

/** A template's value as the column value of its kind, or undefined when it is not of that kind. */
const AS_KIND: Record<(typeof TEMPLATE_SETTING_KEYS)[keyof typeof TEMPLATE_SETTING_KEYS], (value: unknown) => unknown> = {
  "string[]": (v) => (Array.isArray(v) && v.every((s) => typeof s === "string") ? JSON.stringify(v) : undefined),
  boolean: (v) => (typeof v === "boolean" ? v : undefined),
  string: (v) => (typeof v === "string" ? v : undefined),
  "string?": (v) => (typeof v === "string" || v === null ? v : undefined),
  "datetime?": (v) => (v === null ? null : typeof v === "string" && !Number.isNaN(Date.parse(v)) ? new Date(v) : undefined),
};

/** The settings a template's JSON object presets, as column values; unknown keys and ill-typed values are left out. */
export function settingsFromTemplate(json: string): Omit<Prisma.ProjectSettingsUncheckedCreateInput, "id"> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  const source = parsed as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(TEMPLATE_SETTING_KEYS)) {
    const value = key in source ? AS_KIND[kind](source[key]) : undefined;
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Creates a project's settings (defaults, or a template's presets over them), sharing the project's id. */
export async function createProjectSettings(tx: DbTx, projectId: string, templateSettingsJson: string | null): Promise<void> {
  const presets = templateSettingsJson === null ? {} : settingsFromTemplate(templateSettingsJson);
  await tx.projectSettings.create({ data: { ...presets, id: projectId } });
}
