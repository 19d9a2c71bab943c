"use client";
// A notification's fields (headline, message, button text, icon, click
// destination) with their counters: the create form's `creative` and the
// variant form's whole values (`path` "creative." or ""), ids prefixed where a
// page holds both.
import { useFormContext, useWatch, type FieldValues } from "react-hook-form";
import { BODY_MAX, CTA_MAX, HEADLINE_MAX } from "@/lib/domain/creatives/creatives.schemas";
import { fieldError } from "@/components/forms/use-error-summary";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";

function Counter({ value, max }: { value: string | undefined; max: number }) {
  return (
    <span className="text-xs text-muted tabular-nums">
      {[...(value ?? "")].length}/{max}
    </span>
  );
}

export function CreativeFields({ path = "", idPrefix = "" }: { path?: string; idPrefix?: string }) {
  const { register, control, formState } = useFormContext<FieldValues>();
  const [headline, body, cta] = useWatch({
    control,
    name: [`${path}headline`, `${path}body`, `${path}cta_text`],
  }) as (string | undefined)[];
  const error = (name: string) => fieldError(formState.errors, `${path}${name}`);
  return (
    <>
      <Field
        id={`${idPrefix}headline`}
        label="Headline"
        aside={<Counter value={headline} max={HEADLINE_MAX} />}
        error={error("headline")}
      >
        <Input autoComplete="off" {...register(`${path}headline`)} />
      </Field>
      <Field
        id={`${idPrefix}body`}
        label="Message"
        aside={<Counter value={body} max={BODY_MAX} />}
        error={error("body")}
      >
        <Textarea rows={3} {...register(`${path}body`)} />
      </Field>
      <Field
        id={`${idPrefix}ctaText`}
        label="Button text (optional)"
        aside={<Counter value={cta} max={CTA_MAX} />}
        error={error("cta_text")}
      >
        <Input autoComplete="off" {...register(`${path}cta_text`)} />
      </Field>
      <Field
        id={`${idPrefix}iconUrl`}
        label="Icon URL"
        hint="A square image on a public HTTPS address, such as https://example.com/icon.png; checked when you save."
        error={error("icon_url")}
      >
        <Input type="url" inputMode="url" autoComplete="off" {...register(`${path}icon_url`)} />
      </Field>
      <Field
        id={`${idPrefix}actionUrl`}
        label="Click destination"
        hint="An https URL or an app deep link; the click id is added to it."
        error={error("action_url")}
      >
        <Input type="url" inputMode="url" autoComplete="off" {...register(`${path}action_url`)} />
      </Field>
    </>
  );
}
