// Lorem-like text: reads as prose at a glance, is obviously not real content, costs no I/O.
import type { Random } from "./random.js";

const WORDS = (
  "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua " +
  "enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in " +
  "reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa " +
  "qui officia deserunt mollit anim id est laborum curabitur pretium tincidunt lacus nulla gravida orci a odio nullam varius " +
  "turpis et commodo pharetra eros bibendum elit nec luctus magna felis sollicitudin mauris integer dapibus purus vitae " +
  "fermentum aenean pellentesque habitant morbi tristique senectus netus malesuada fames ac turpis egestas vestibulum tortor " +
  "quam feugiat vitae ultricies eget tempor sit amet ante donec eu libero placerat leo mattis semper"
).split(" ");

const TITLE_WORDS = (
  "habit mind time courage virtue silence work wealth power attention purpose freedom memory reason focus patience " +
  "strategy nature character discipline wisdom change leadership trust fortune craft learning habitude rhythm choice"
).split(" ");

const FIRST_NAMES = (
  "Aurelia Bruno Cassia Dario Elena Fabio Giulia Horacio Ines Julio Livia Marco Nadia Octavio Paula Quintino Rosa Silvio " +
  "Tamara Ulisses Valeria Wagner Xenia Yara Zeno"
).split(" ");

const LAST_NAMES = (
  "Albarran Belmonte Castellar Duarte Esteves Ferraz Galvao Herrera Iglesias Jardim Lacerda Medeiros Noronha Orozco " +
  "Pimentel Quevedo Rebelo Salazar Tavares Urquiza Valverde Zamora"
).split(" ");

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function sentence(random: Random, words = random.int(8, 18)): string {
  const parts = Array.from({ length: words }, () => random.pick(WORDS));
  // An occasional comma makes it read less like a word list.
  if (words > 10) parts[random.int(3, words - 4)] += ",";
  return `${capitalise(parts.join(" "))}.`;
}

/** Sentences until about `words` words; returns the text and its exact word count. */
export function paragraph(random: Random, words: number): { text: string; words: number } {
  const sentences: string[] = [];
  let count = 0;
  while (count < words) {
    const n = Math.min(random.int(8, 18), Math.max(4, words - count));
    sentences.push(sentence(random, n));
    count += n;
  }
  return { text: sentences.join(" "), words: count };
}

export function title(random: Random): string {
  const a = capitalise(random.pick(TITLE_WORDS));
  const b = capitalise(random.pick(TITLE_WORDS));
  return random.pick([`The ${a} of ${b}`, `On ${a}`, `${a} and ${b}`, `A Treatise on ${a}`, `The Art of ${a}`]);
}

export function personName(random: Random): { first: string; last: string } {
  return { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) };
}
