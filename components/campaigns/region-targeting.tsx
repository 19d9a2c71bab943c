"use client";
// A campaign form's two region lists (target_regions, excluded_regions) as region pickers, for
// the new-campaign and the edit forms alike: each form names the ids and what the hint says.
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { RegionPicker } from "./region-picker";

type RegionFields = { target_regions: string[]; excluded_regions: string[] };

export function RegionTargeting<Values extends FieldValues & RegionFields, Output>({
  control,
  errorOf,
  ids,
  targetHint,
}: {
  control: Control<Values, unknown, Output>;
  errorOf: (field: string) => string | null | undefined;
  /** the pickers' ids: the form's error summary links to them */
  ids: { target: string; excluded: string };
  targetHint: string;
}) {
  return (
    <>
      <Controller
        control={control}
        name={"target_regions" as Path<Values>}
        render={({ field }) => (
          <RegionPicker
            id={ids.target}
            legend="Serve only in"
            hint={targetHint}
            error={errorOf("target_regions")}
            value={field.value as string[]}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name={"excluded_regions" as Path<Values>}
        render={({ field }) => (
          <RegionPicker
            id={ids.excluded}
            legend="Never serve in"
            error={errorOf("excluded_regions")}
            value={field.value as string[]}
            onChange={field.onChange}
          />
        )}
      />
    </>
  );
}
