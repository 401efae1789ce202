/**
 * The checks a fixture's schema cannot express field by field: ids that name things
 * must be unique. Organization ids and API keys are unique across the whole file (a key
 * identifies its organization), sound effect ids across the library, and social account
 * ids within each list.
 *
 * @module
 */
import type { z } from "zod";

/** The parts of a fixture whose ids must be unique. */
export interface FixtureIds {
  /** The organizations, their keys and social accounts. */
  readonly organizations: readonly {
    readonly id: number;
    readonly api_keys: readonly { readonly key: string }[];
    readonly social_accounts?: readonly { readonly id: string }[] | undefined;
  }[];
  /** The sound-effect library. */
  readonly sound_effects?: readonly { readonly id: string }[] | undefined;
  /** The social accounts shared by organizations without their own. */
  readonly social_accounts?: readonly { readonly id: string }[] | undefined;
}

interface NamedValue {
  readonly value: string | number;
  readonly path: readonly (string | number)[];
}

// The issue points at the second occurrence and names the first.
function reportDuplicates(entries: readonly NamedValue[], what: string, context: z.RefinementCtx) {
  const seen = new Map<string | number, NamedValue>();
  for (const entry of entries) {
    const first = seen.get(entry.value);
    if (first === undefined) {
      seen.set(entry.value, entry);
      continue;
    }
    context.addIssue({
      code: "custom",
      path: [...entry.path],
      message: `Duplicate ${what} ${JSON.stringify(entry.value)}: it also appears at ${first.path.join(".")}.`,
    });
  }
}

function idsOf(
  list: readonly { readonly id: string }[] | undefined,
  path: readonly (string | number)[],
) {
  return (list ?? []).map((item, index) => ({ value: item.id, path: [...path, index, "id"] }));
}

/**
 * Adds an issue for every repeated id of a fixture; used as the fixture schema's refinement.
 *
 * @example
 * ```ts
 * z.object({ organizations: ... }).superRefine(checkFixtureUniqueness);
 * ```
 */
export function checkFixtureUniqueness(fixture: FixtureIds, context: z.RefinementCtx): void {
  const organizations = fixture.organizations;
  const organizationIds = organizations.map((organization, index) => ({
    value: organization.id,
    path: ["organizations", index, "id"],
  }));
  reportDuplicates(organizationIds, "organization id", context);
  const keys = organizations.flatMap((organization, organizationIndex) =>
    organization.api_keys.map((apiKey, keyIndex) => ({
      value: apiKey.key,
      path: ["organizations", organizationIndex, "api_keys", keyIndex, "key"],
    })),
  );
  reportDuplicates(keys, "API key", context);
  reportDuplicates(idsOf(fixture.sound_effects, ["sound_effects"]), "sound effect id", context);
  reportDuplicates(
    idsOf(fixture.social_accounts, ["social_accounts"]),
    "social account id",
    context,
  );
  organizations.forEach((organization, index) => {
    const path = ["organizations", index, "social_accounts"];
    reportDuplicates(idsOf(organization.social_accounts, path), "social account id", context);
  });
}
