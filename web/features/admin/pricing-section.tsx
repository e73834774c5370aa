/** A System Settings section (spec 3 §2). */
export function PricingSection() {
  return null;
}
