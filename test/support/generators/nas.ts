/** Builds Canadian SINs for the tests, written independently of src/checksum.ts and src/nas. */

/**
 * The SIN check digit as the Government of Canada explains it: double the 2nd, 4th, 6th and 8th
 * digits, add up the digits of every product.
 */
export function sinCheckDigit(firstEight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const product = Number(firstEight[i]) * (i % 2 === 1 ? 2 : 1);
    sum += Math.floor(product / 10) + (product % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/** A SIN: the eight digits and their check digit. */
export function sin(firstEight: string): string {
  return firstEight + String(sinCheckDigit(firstEight));
}
