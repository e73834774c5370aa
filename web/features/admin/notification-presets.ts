/** Spec 3 §9: six solid and six gradient background presets. Gradients use hex colours only (the server checks). */
export const SOLID_PRESETS = [
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Green', value: '#16a34a' },
  { name: 'Red', value: '#dc2626' },
  { name: 'Amber', value: '#d97706' },
  { name: 'Violet', value: '#7c3aed' },
  { name: 'Slate', value: '#1e293b' },
] as const;

export const GRADIENT_PRESETS = [
  { name: 'Ocean', value: 'linear-gradient(135deg, #2563eb, #0891b2)' },
  { name: 'Sunset', value: 'linear-gradient(135deg, #ea580c, #db2777)' },
  { name: 'Grape', value: 'linear-gradient(135deg, #7c3aed, #db2777)' },
  { name: 'Forest', value: 'linear-gradient(135deg, #15803d, #0f766e)' },
  { name: 'Fire', value: 'linear-gradient(90deg, #dc2626, #ea580c)' },
  { name: 'Night', value: 'linear-gradient(135deg, #1e293b, #6d28d9)' },
] as const;
