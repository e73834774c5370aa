/** A System Settings section (spec 3 §2). */
export function FaqSection() {
  return null;
}
