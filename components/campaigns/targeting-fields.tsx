"use client";
// The create form's targeting: moment types (each with its floor) and sports,
// and a warning when a chosen type happens in none of the chosen sports.
import { useFormContext, useWatch } from "react-hook-form";
import type { CampaignFormCatalogQuery } from "@/graphql/__generated__/client/graphql";
import { formatUsd } from "@/components/format";
import { fieldError } from "@/components/forms/use-error-summary";
import { FieldSet } from "@/components/ui/field";
import type { CampaignFormValues } from "./campaign-form-values";

const CHOICE =
  "flex cursor-pointer rounded-md border border-line text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50";

export function TargetingFields({ catalog }: { catalog: CampaignFormCatalogQuery }) {
  const { register, control, formState } = useFormContext<CampaignFormValues>();
  const [types, sports] = useWatch({ control, name: ["moment_types", "sports"] });
  const sportName = (key: string) => catalog.sports.find((sport) => sport.key === key)?.displayName ?? key;
  const missing = catalog.momentTypes.filter(
    (type) =>
      types.includes(type.key.toLowerCase()) &&
      !type.availableSports.some((sport) => sports.includes(sport.toLowerCase())),
  );
  return (
    <>
      <FieldSet
        id="momentTypes"
        legend="Moment types"
        hint="The moments of a live game your notification is sent at. Each has a floor CPM."
        error={fieldError(formState.errors, "moment_types")}
      >
        <div className="grid gap-2 sm:grid-cols-2">
          {catalog.momentTypes.map((type) => (
            <label key={type.key} className={`${CHOICE} items-start gap-2 p-2.5`}>
              <input
                type="checkbox"
                value={type.key.toLowerCase()}
                className="mt-0.5 h-4 w-4 shrink-0 accent-blue-700"
                {...register("moment_types")}
              />
              <span className="min-w-0">
                <span className="font-medium text-ink">{type.displayName}</span>{" "}
                <span className="text-muted">· floor {formatUsd(type.floorCpmUsd)}</span>
                <span className="block text-xs text-muted">{type.description}</span>
              </span>
            </label>
          ))}
        </div>
      </FieldSet>
      <FieldSet id="sports" legend="Sports" error={fieldError(formState.errors, "sports")}>
        <div className="flex flex-wrap gap-2">
          {catalog.sports.map((sport) => (
            <label key={sport.key} className={`${CHOICE} items-center gap-2 px-3 py-2`}>
              <input
                type="checkbox"
                value={sport.key.toLowerCase()}
                className="h-4 w-4 accent-blue-700"
                {...register("sports")}
              />
              {sport.displayName}
            </label>
          ))}
        </div>
        {missing.length && sports.length ? (
          <p className="text-xs text-warn">
            Some selected moment types do not happen in the selected sports:{" "}
            {missing
              .map((type) => `${type.displayName} (${type.availableSports.map(sportName).join(", ")})`)
              .join("; ")}
          </p>
        ) : null}
      </FieldSet>
    </>
  );
}
