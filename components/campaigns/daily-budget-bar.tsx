// Spend today against the daily budget, with even pacing's allowance as the
// line when there is one: the one bar of the campaigns list, the campaign page
// and the overview, from GraphQL's Money strings.
import { budgetFraction } from "@/components/format";
import { BudgetBar } from "@/components/ui/progress";

export function DailyBudgetBar({
  spendUsd,
  dailyBudgetUsd,
  pacingAllowanceUsd,
  label,
  className,
}: {
  spendUsd: string;
  dailyBudgetUsd: string;
  /** null without a line (asap pacing, or no campaign) */
  pacingAllowanceUsd?: string | null;
  label: string;
  className?: string;
}) {
  return (
    <BudgetBar
      className={className}
      fraction={budgetFraction(spendUsd, dailyBudgetUsd)}
      marker={pacingAllowanceUsd ? budgetFraction(pacingAllowanceUsd, dailyBudgetUsd) : null}
      label={label}
    />
  );
}
