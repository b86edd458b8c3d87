// A chat-like conversation: personal facts said once in passing, asked about much later in other words.
import { CHAT_TOPICS } from "./vocab.ts";
import type { Rng } from "./random.ts";
import { said, type Fact, type Item } from "./types.ts";

type Template = (r: Rng, key: string) => { fact: string; near: string; kw: string; ask: string };
const TEMPLATES: Array<[keys: string[], Template]> = [
  [
    ["fence", "kitchen", "bedroom", "bike", "front door", "garage", "bookshelf", "mailbox"],
    (r, k) => ({
      fact: `I finally painted the ${k} ${r.pick(["sage green", "navy blue", "terracotta", "pale yellow", "charcoal grey"])} last ${r.pick(["Saturday", "Sunday", "weekend"])}, took forever`,
      near: `I keep thinking the ${k} needs some work before summer`,
      kw: `${k} paint`,
      ask: `what colour did I paint the ${k}?`,
    }),
  ],
  [
    ["puppy:dog", "kitten:cat", "rabbit:bunny", "parrot:bird", "tortoise:turtle", "hamster:pet rodent"],
    (r, k) => {
      const [animal, syn] = k.split(":") as [string, string];
      return {
        fact: `We adopted a ${animal} from the shelter and named her ${r.pick(["Miso", "Pickle", "Juniper", "Biscuit", "Olive", "Nori"])}`,
        near: `My neighbour's ${animal} keeps getting into our yard`,
        kw: `${animal} name`,
        ask: `what is our new ${syn} called?`,
      };
    },
  ],
  [
    ["wedding", "conference", "marathon", "reunion", "job interview", "concert", "hackathon", "funeral"],
    (r, k) => ({
      fact: `I'm flying to ${r.pick(["Lisbon", "Osaka", "Denver", "Krakow", "Nairobi", "Montreal", "Hobart"])} on the ${r.int(2, 28)}th for the ${k}`,
      near: `Still nervous about the ${k}, I haven't prepared at all`,
      kw: `${k} trip`,
      ask: `where am I travelling for the ${k}?`,
    }),
  ],
  [
    ["pottery", "salsa", "climbing", "piano", "Spanish", "sailing", "boxing", "watercolor"],
    (r, k) => ({
      fact: `I signed up for ${k} lessons, they're every ${r.pick(["Monday", "Tuesday", "Wednesday", "Thursday"])} evening at the community centre`,
      near: `My friend says ${k} is harder than it looks`,
      kw: `${k} lessons day`,
      ask: `which day is my ${k} class?`,
    }),
  ],
  [
    ["mum", "dad", "sister", "brother", "grandma", "partner", "best friend", "boss"],
    (r, k) => ({
      fact: `I made ${r.pick(["lasagne", "a lemon tart", "ramen from scratch", "paella", "banana bread", "dumplings"])} for my ${k}'s birthday and it went down well`,
      near: `My ${k} called about the weekend plans again`,
      kw: `${k} birthday food`,
      ask: `what did I cook for my ${k}'s birthday?`,
    }),
  ],
];

export function chatFacts(r: Rng): Fact[] {
  return TEMPLATES.flatMap(([keys, template]) =>
    keys.map((key) => {
      const t = template(r, key);
      return {
        answer: said("user", t.fact),
        distractors: [said("user", t.near)],
        queries: [
          { kind: "keyword" as const, text: t.kw },
          { kind: "question" as const, text: t.ask },
        ],
      };
    }),
  );
}

const OPENERS = ["Honestly", "So", "Anyway", "Ha", "Right", "Ugh", "Okay", "Well"];
const REPLIES = [
  "That sounds like a lot, how are you feeling about it?",
  "Nice! Tell me more about how it went.",
  "I can help you plan that if you want.",
  "That makes sense. Want me to remind you later?",
  "Sounds like a good week overall.",
];

/** Everyday chat turns on the same topics: a user line and a reply. */
export function chatFiller(r: Rng): Item[] {
  const topic = r.pick(CHAT_TOPICS);
  return [
    said(
      "user",
      `${r.pick(OPENERS)}, ${topic} was ${r.pick(["fine", "long", "a mess", "great", "weird"])} today, ${r.pick(["the colour of the sky was unreal", "I need a new bike", "the dog next door barked all night", "work ran late again", "I tried a new recipe"])}`,
    ),
    said("assistant", r.pick(REPLIES)),
  ];
}
