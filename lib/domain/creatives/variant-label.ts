/** variant_a .. variant_z: a campaign's creatives (addCreativeVariant refuses the 27th). */
export const MAX_VARIANTS_PER_CAMPAIGN = 26;

// variant_a, variant_b, ... variant_z, then variant_aa, variant_ab, ... (bijective base 26).
export function variantLabel(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(97 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return `variant_${letters}`;
}
