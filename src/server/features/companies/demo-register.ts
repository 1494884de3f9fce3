/**
 * The embedded company register used when no Companies House API key is configured (docs/product/documents.md).
 * Every firm is FICTITIOUS: names, numbers, addresses and officers are made up by a seeded pseudo-random
 * generator, so the register is the same on every start and in every test, and needs no data file.
 * The web app labels it as demo data (GET /api/config: companyRegister "demo").
 */
import type { CompanyAddress, CompanySearchItem, Officer } from "../../../domain/api/companies";
import { type SeededRandom, seededRandom } from "../../../domain/random";
import { type CompanyRegister, companyNotFound } from "./types";

export const DEMO_REGISTER_SIZE = 3_000;
const SEED = 0x5eed_d0c5;

/** FNV-1a, to derive a per-company seed for its officers from the company number. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const NAME_STEMS = [
  "Abbott",
  "Ainsworth",
  "Albion",
  "Alder",
  "Ashdown",
  "Ashford",
  "Aston",
  "Avon",
  "Barrow",
  "Beacon",
  "Beaumont",
  "Bellingham",
  "Birch",
  "Blackwood",
  "Bramley",
  "Brecon",
  "Bridgewater",
  "Brindley",
  "Broadway",
  "Brook",
  "Burton",
  "Caldwell",
  "Cambrian",
  "Carlton",
  "Castle",
  "Cavendish",
  "Chadwick",
  "Chiltern",
  "Clarke",
  "Clayton",
  "Clifton",
  "Coleman",
  "Cotswold",
  "Cromwell",
  "Crossley",
  "Dalton",
  "Danby",
  "Darwin",
  "Davies",
  "Dene",
  "Derwent",
  "Dixon",
  "Dunmore",
  "Eastgate",
  "Edgerton",
  "Ellison",
  "Elmfield",
  "Evans",
  "Fairfax",
  "Fenwick",
  "Fletcher",
  "Forde",
  "Foster",
  "Fox",
  "Gable",
  "Galloway",
  "Garside",
  "Gibson",
  "Glendale",
  "Granite",
  "Greenwood",
  "Griffiths",
  "Hadley",
  "Halewood",
  "Hamilton",
  "Hargreaves",
  "Harland",
  "Harrison",
  "Hartley",
  "Hawthorn",
  "Hayward",
  "Heath",
  "Highgate",
  "Holbrook",
  "Holloway",
  "Hughes",
  "Ironbridge",
  "Jackson",
  "Jarvis",
  "Kemble",
  "Kendal",
  "Keystone",
  "Kingsley",
  "Knight",
  "Lambert",
  "Lancaster",
  "Lawson",
  "Lindley",
  "Lomax",
  "Lowther",
  "Lynch",
  "Malvern",
  "Marsden",
  "Meadow",
  "Mendip",
  "Merrick",
  "Millbrook",
  "Moorcroft",
  "Morgan",
  "Morris",
  "Newbold",
  "Norbury",
  "Northgate",
  "Oakley",
  "Oldfield",
  "Owen",
  "Parker",
  "Pemberton",
  "Pennine",
  "Percival",
  "Pickering",
  "Quarry",
  "Radcliffe",
  "Ravensworth",
  "Redwood",
  "Ribble",
  "Ridgeway",
  "Roberts",
  "Rowntree",
  "Rushton",
  "Saxon",
  "Severn",
  "Sheldon",
  "Shire",
  "Slater",
  "Southgate",
  "Stanton",
  "Sterling",
  "Stonebridge",
  "Sutton",
  "Tamar",
  "Taylor",
  "Thornton",
  "Thorpe",
  "Tolland",
  "Trent",
  "Tudor",
  "Turner",
  "Tyne",
  "Vale",
  "Vaughan",
  "Walker",
  "Warwick",
  "Watson",
  "Wealden",
  "Wellington",
  "Westbrook",
  "Whitfield",
  "Wilkinson",
  "Willow",
  "Windsor",
  "Woodhouse",
  "Wren",
  "Wright",
  "Wyvern",
  "York",
] as const;

/** Trade descriptions with the legal form they are usually incorporated as. */
const TRADES = [
  "Architects",
  "Architectural Design",
  "Build & Design",
  "Building Services",
  "Building Surveyors",
  "Builders",
  "Carpentry & Joinery",
  "Civil Engineering",
  "Cladding Systems",
  "Construction",
  "Construction Consultants",
  "Consulting Engineers",
  "Contractors",
  "Design & Build",
  "Developments",
  "Electrical Contractors",
  "Engineering",
  "Fire Engineering",
  "Fit-Out",
  "Groundworks",
  "Heating & Plumbing",
  "Homes",
  "Interiors",
  "Joinery",
  "Landscapes",
  "Loft Conversions",
  "M&E Services",
  "Mechanical Services",
  "Partnership",
  "Piling",
  "Project Management",
  "Property Services",
  "Renewables",
  "Restoration",
  "Roofing",
  "Scaffolding",
  "Steel Fabrications",
  "Structural Design",
  "Structural Engineers",
  "Surveying",
  "Timber Frame",
  "Building",
] as const;

const SUFFIXES = ["Ltd", "Limited", "Ltd", "Limited", "Ltd", "LLP", "(UK) Ltd", "Group Ltd", "& Sons Ltd"] as const;

/** Real towns with their county or region and postcode area, so addresses read as UK addresses. */
const TOWNS = [
  { locality: "Leeds", region: "West Yorkshire", area: "LS", country: "England" },
  { locality: "Bradford", region: "West Yorkshire", area: "BD", country: "England" },
  { locality: "Sheffield", region: "South Yorkshire", area: "S", country: "England" },
  { locality: "York", region: "North Yorkshire", area: "YO", country: "England" },
  { locality: "Manchester", region: "Greater Manchester", area: "M", country: "England" },
  { locality: "Bolton", region: "Greater Manchester", area: "BL", country: "England" },
  { locality: "Liverpool", region: "Merseyside", area: "L", country: "England" },
  { locality: "Preston", region: "Lancashire", area: "PR", country: "England" },
  { locality: "Newcastle upon Tyne", region: "Tyne and Wear", area: "NE", country: "England" },
  { locality: "Sunderland", region: "Tyne and Wear", area: "SR", country: "England" },
  { locality: "Durham", region: "County Durham", area: "DH", country: "England" },
  { locality: "Birmingham", region: "West Midlands", area: "B", country: "England" },
  { locality: "Coventry", region: "West Midlands", area: "CV", country: "England" },
  { locality: "Wolverhampton", region: "West Midlands", area: "WV", country: "England" },
  { locality: "Nottingham", region: "Nottinghamshire", area: "NG", country: "England" },
  { locality: "Leicester", region: "Leicestershire", area: "LE", country: "England" },
  { locality: "Derby", region: "Derbyshire", area: "DE", country: "England" },
  { locality: "Northampton", region: "Northamptonshire", area: "NN", country: "England" },
  { locality: "Bristol", region: "Bristol", area: "BS", country: "England" },
  { locality: "Bath", region: "Somerset", area: "BA", country: "England" },
  { locality: "Exeter", region: "Devon", area: "EX", country: "England" },
  { locality: "Plymouth", region: "Devon", area: "PL", country: "England" },
  { locality: "Truro", region: "Cornwall", area: "TR", country: "England" },
  { locality: "Gloucester", region: "Gloucestershire", area: "GL", country: "England" },
  { locality: "Oxford", region: "Oxfordshire", area: "OX", country: "England" },
  { locality: "Reading", region: "Berkshire", area: "RG", country: "England" },
  { locality: "Southampton", region: "Hampshire", area: "SO", country: "England" },
  { locality: "Portsmouth", region: "Hampshire", area: "PO", country: "England" },
  { locality: "Brighton", region: "East Sussex", area: "BN", country: "England" },
  { locality: "Guildford", region: "Surrey", area: "GU", country: "England" },
  { locality: "Maidstone", region: "Kent", area: "ME", country: "England" },
  { locality: "Canterbury", region: "Kent", area: "CT", country: "England" },
  { locality: "Chelmsford", region: "Essex", area: "CM", country: "England" },
  { locality: "Colchester", region: "Essex", area: "CO", country: "England" },
  { locality: "Cambridge", region: "Cambridgeshire", area: "CB", country: "England" },
  { locality: "Norwich", region: "Norfolk", area: "NR", country: "England" },
  { locality: "Ipswich", region: "Suffolk", area: "IP", country: "England" },
  { locality: "Milton Keynes", region: "Buckinghamshire", area: "MK", country: "England" },
  { locality: "Luton", region: "Bedfordshire", area: "LU", country: "England" },
  { locality: "St Albans", region: "Hertfordshire", area: "AL", country: "England" },
  { locality: "London", region: "Greater London", area: "EC", country: "England" },
  { locality: "London", region: "Greater London", area: "SE", country: "England" },
  { locality: "London", region: "Greater London", area: "N", country: "England" },
  { locality: "Croydon", region: "Greater London", area: "CR", country: "England" },
  { locality: "Carlisle", region: "Cumbria", area: "CA", country: "England" },
  { locality: "Lincoln", region: "Lincolnshire", area: "LN", country: "England" },
  { locality: "Hull", region: "East Riding of Yorkshire", area: "HU", country: "England" },
  { locality: "Stoke-on-Trent", region: "Staffordshire", area: "ST", country: "England" },
  { locality: "Shrewsbury", region: "Shropshire", area: "SY", country: "England" },
  { locality: "Worcester", region: "Worcestershire", area: "WR", country: "England" },
  { locality: "Cardiff", region: "South Glamorgan", area: "CF", country: "Wales" },
  { locality: "Swansea", region: "West Glamorgan", area: "SA", country: "Wales" },
  { locality: "Newport", region: "Gwent", area: "NP", country: "Wales" },
  { locality: "Wrexham", region: "Clwyd", area: "LL", country: "Wales" },
  { locality: "Glasgow", region: "Lanarkshire", area: "G", country: "Scotland" },
  { locality: "Edinburgh", region: "Midlothian", area: "EH", country: "Scotland" },
  { locality: "Aberdeen", region: "Aberdeenshire", area: "AB", country: "Scotland" },
  { locality: "Dundee", region: "Angus", area: "DD", country: "Scotland" },
  { locality: "Inverness", region: "Highland", area: "IV", country: "Scotland" },
  { locality: "Belfast", region: "County Antrim", area: "BT", country: "Northern Ireland" },
] as const;
type Town = (typeof TOWNS)[number];

const STREETS = [
  "High Street",
  "Station Road",
  "Church Lane",
  "Mill Lane",
  "Victoria Road",
  "Park Road",
  "London Road",
  "Queen Street",
  "King Street",
  "Albert Road",
  "Manor Way",
  "Bridge Street",
  "Market Place",
  "Chapel Street",
  "Canal Side",
  "Wharf Road",
  "Commercial Road",
  "Riverside Way",
  "Enterprise Way",
  "Castle Street",
  "Granby Row",
  "Oak Avenue",
  "Union Street",
  "George Street",
  "North Parade",
  "Westgate",
] as const;
const ESTATES = [
  "Riverside Business Park",
  "Enterprise Park",
  "Phoenix Industrial Estate",
  "Meadowbank Trading Estate",
  "Gateway Business Centre",
  "Kingsway Business Park",
  "Canalside Industrial Estate",
  "Brunel Court",
] as const;

const FIRST_NAMES = [
  "James",
  "Oliver",
  "Thomas",
  "William",
  "Harry",
  "George",
  "Jack",
  "Daniel",
  "Samuel",
  "Joseph",
  "David",
  "Michael",
  "Andrew",
  "Richard",
  "Mark",
  "Paul",
  "Stephen",
  "Robert",
  "Gareth",
  "Rhys",
  "Callum",
  "Euan",
  "Sarah",
  "Emma",
  "Charlotte",
  "Sophie",
  "Hannah",
  "Rebecca",
  "Laura",
  "Rachel",
  "Claire",
  "Helen",
  "Joanne",
  "Katherine",
  "Fiona",
  "Siobhan",
  "Aisha",
  "Priya",
  "Amir",
  "Imran",
  "Chloe",
  "Megan",
  "Lucy",
  "Eleanor",
] as const;
const SURNAMES = [
  "Smith",
  "Jones",
  "Williams",
  "Taylor",
  "Brown",
  "Davies",
  "Evans",
  "Wilson",
  "Thomas",
  "Johnson",
  "Roberts",
  "Robinson",
  "Thompson",
  "Wright",
  "Walker",
  "White",
  "Edwards",
  "Hughes",
  "Green",
  "Hall",
  "Lewis",
  "Harris",
  "Clarke",
  "Patel",
  "Jackson",
  "Wood",
  "Turner",
  "Martin",
  "Cooper",
  "Hill",
  "Ward",
  "Morris",
  "Moore",
  "Clark",
  "Lee",
  "King",
  "Baker",
  "Harrison",
  "Morgan",
  "Allen",
  "James",
  "Scott",
  "Phillips",
  "Watson",
  "Davis",
  "Parker",
  "Price",
  "Bennett",
  "Young",
  "Griffiths",
  "Mitchell",
  "Kelly",
  "Cook",
  "Carter",
  "Richardson",
  "Bailey",
  "Collins",
  "Bell",
  "Shaw",
  "Murphy",
  "Miller",
  "Cox",
  "Richards",
  "Khan",
  "Marshall",
  "Anderson",
  "Simpson",
  "Ellis",
  "Adams",
  "Singh",
  "Begum",
  "Wilkinson",
  "Foster",
  "Chapman",
  "Powell",
  "Webb",
  "Rogers",
  "Gray",
  "Mason",
  "Ali",
  "Hunt",
  "Hussain",
  "Campbell",
  "Matthews",
  "Owen",
  "Palmer",
  "Holmes",
  "Mills",
  "Barnes",
  "MacDonald",
  "Stewart",
  "O'Neill",
  "Gallagher",
  "Kaur",
  "Nowak",
  "Kowalski",
] as const;
const OCCUPATIONS: Readonly<Record<string, readonly string[]>> = {
  Architects: ["Architect", "Chartered Architect", "Architectural Technologist"],
  Surveyors: ["Chartered Surveyor", "Building Surveyor", "Quantity Surveyor"],
  Engineers: ["Civil Engineer", "Structural Engineer", "Chartered Engineer", "Building Services Engineer"],
  Builders: ["Builder", "Company Director", "Contractor", "Construction Manager", "Project Manager"],
};

/*
 * Firms with names outside Latin-1, kept at fixed places in the register, so the documents and the company
 * search are exercised with names such as "Łódź" or "Ó Briain" (DejaVu fonts, ADR 0010).
 */
const FEATURED_FIRMS: readonly { title: string; town: Town["locality"] }[] = [
  { title: "Łódź Joinery Ltd", town: "Bradford" },
  { title: "Ó Briain Building Services Ltd", town: "Belfast" },
  { title: "Dvořák Architects LLP", town: "Bristol" },
  { title: "Müller & Søn Timber Frames Ltd", town: "Norwich" },
  { title: "Šimković Steel Fabrication Ltd", town: "Wolverhampton" },
  { title: "Zaręba Groundworks Ltd", town: "Leicester" },
  { title: "Nguyễn Interiors Ltd", town: "Manchester" },
  { title: "Ffion Ŵyn Landscapes Ltd", town: "Wrexham" },
];

const STATUSES = [
  { status: "active", weight: 86 },
  { status: "dissolved", weight: 7 },
  { status: "liquidation", weight: 4 },
  { status: "administration", weight: 2 },
  { status: "voluntary-arrangement", weight: 1 },
] as const;

function pickStatus(random: SeededRandom): string {
  let roll = random.next() * 100;
  for (const entry of STATUSES) {
    roll -= entry.weight;
    if (roll < 0) return entry.status;
  }
  return "active";
}

const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";

function postcode(random: SeededRandom, area: string): string {
  const district = area.length === 1 ? random.int(1, 30) : random.int(1, 20);
  const letters = random.pick([...INWARD_LETTERS]) + random.pick([...INWARD_LETTERS]);
  return `${area}${district} ${random.int(1, 9)}${letters}`;
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function randomDate(random: SeededRandom, fromYear: number, toYear: number): string {
  return isoDate(random.int(fromYear, toYear), random.int(1, 12), random.int(1, 28));
}

function makeAddress(random: SeededRandom, town: Town): CompanyAddress {
  const onEstate = random.chance(0.3);
  const address: CompanyAddress = onEstate
    ? {
        premises: `Unit ${random.int(1, 40)}`,
        address_line_1: random.pick(ESTATES),
        locality: town.locality,
        region: town.region,
        postal_code: postcode(random, town.area),
        country: town.country,
      }
    : {
        premises: String(random.int(1, 240)),
        address_line_1: random.pick(STREETS),
        locality: town.locality,
        region: town.region,
        postal_code: postcode(random, town.area),
        country: town.country,
      };
  return address;
}

/** Companies House's one-line form: "80 Albert Road, Bradford, BD15 9GT" ("Unit 4, Riverside ..." for units). */
function addressSnippet(address: CompanyAddress): string {
  const premises = address.premises ?? "";
  const firstLine = /^\d/.test(premises)
    ? `${premises} ${address.address_line_1 ?? ""}`.trim()
    : [premises, address.address_line_1].filter(Boolean).join(", ");
  return [firstLine, address.address_line_2, address.locality, address.postal_code]
    .filter((part): part is string => Boolean(part))
    .join(", ");
}

/** Companies House numbering: 8 digits in England and Wales, SC/NI + 6 digits, OC/SO/NC for LLPs. */
function companyNumber(sequence: number, town: Town, isLlp: boolean): string {
  const six = String(100_000 + ((sequence * 7_919) % 900_000)).padStart(6, "0");
  if (isLlp) {
    const prefix = town.country === "Scotland" ? "SO" : town.country === "Northern Ireland" ? "NC" : "OC";
    return `${prefix}${six}`;
  }
  if (town.country === "Scotland") return `SC${six}`;
  if (town.country === "Northern Ireland") return `NI${six}`;
  return String(1_000_000 + ((sequence * 2_654_435) % 14_000_000)).padStart(8, "0");
}

export interface DemoCompany extends CompanySearchItem {
  title: string;
  company_number: string;
  company_status: string;
  company_type: string;
  date_of_creation: string;
  address: CompanyAddress;
  address_snippet: string;
}

function makeCompany(random: SeededRandom, sequence: number, title: string, town: Town): DemoCompany {
  const isLlp = title.endsWith("LLP");
  const address = makeAddress(random, town);
  const status = pickStatus(random);
  const company: DemoCompany = {
    kind: "searchresults#company",
    title,
    company_number: companyNumber(sequence, town, isLlp),
    company_status: status,
    company_type: isLlp ? "llp" : "ltd",
    date_of_creation: randomDate(random, 1978, 2024),
    address,
    address_snippet: addressSnippet(address),
    description: "",
  };
  if (status === "dissolved") company.date_of_cessation = randomDate(random, 2015, 2025);
  company.description = `${company.company_number} - Incorporated on ${company.date_of_creation}`;
  return company;
}

/** Builds the whole register. Deterministic: the same list, in the same order, on every call. */
export function generateDemoCompanies(size = DEMO_REGISTER_SIZE): DemoCompany[] {
  const random = seededRandom(SEED);
  const companies: DemoCompany[] = [];
  const usedNames = new Set<string>();
  const usedNumbers = new Set<string>();
  const featuredEvery = Math.floor(size / (FEATURED_FIRMS.length + 1));
  let sequence = 0;
  while (companies.length < size) {
    sequence += 1;
    const slot = companies.length % featuredEvery === 0 ? companies.length / featuredEvery - 1 : -1;
    const featured = FEATURED_FIRMS[slot];
    let title: string;
    let town: Town;
    if (featured) {
      title = featured.title;
      town = TOWNS.find((candidate) => candidate.locality === featured.town) ?? TOWNS[0];
    } else {
      const trade = random.pick(TRADES);
      const suffixes = trade.includes("&") ? SUFFIXES.filter((suffix) => !suffix.includes("&")) : SUFFIXES;
      const suffix =
        trade === "Partnership" || trade === "Architects" ? random.pick(["LLP", "Ltd"]) : random.pick(suffixes);
      title = `${random.pick(NAME_STEMS)} ${trade} ${suffix}`;
      town = random.pick(TOWNS);
    }
    if (usedNames.has(title.toLowerCase())) continue;
    const company = makeCompany(random, sequence, title, town);
    if (usedNumbers.has(company.company_number)) continue;
    usedNames.add(title.toLowerCase());
    usedNumbers.add(company.company_number);
    companies.push(company);
  }
  return companies;
}

function occupationFor(title: string): readonly string[] {
  if (/architect/i.test(title)) return OCCUPATIONS.Architects ?? [];
  if (/survey/i.test(title)) return OCCUPATIONS.Surveyors ?? [];
  if (/engineer|structural|civil|m&e|mechanical/i.test(title)) return OCCUPATIONS.Engineers ?? [];
  return OCCUPATIONS.Builders ?? [];
}

/** The officers of one demo company, derived from its number so they are stable without being stored. */
export function generateDemoOfficers(company: DemoCompany): Officer[] {
  const random = seededRandom(hashString(company.company_number));
  const isLlp = company.company_type === "llp";
  const activeCount = random.int(1, 5);
  const resignedCount = random.chance(0.4) ? random.int(1, 2) : 0;
  const created = company.date_of_creation;
  const createdYear = Number(created.slice(0, 4));
  const occupations = occupationFor(company.title);
  const officers: Officer[] = [];
  for (let i = 0; i < activeCount + resignedCount; i += 1) {
    const resigned = i >= activeCount;
    const role = isLlp ? (i < 2 ? "llp-designated-member" : "llp-member") : "director";
    const appointedYear = i === 0 ? createdYear : random.int(createdYear, 2025);
    const appointedOn = i === 0 ? created : randomDate(random, appointedYear, appointedYear);
    const officer: Officer = {
      name: `${random.pick(SURNAMES).toUpperCase()}, ${random.pick(FIRST_NAMES)} ${random.pick(FIRST_NAMES)}`,
      officer_role: role,
      appointed_on: appointedOn,
      nationality: "British",
      country_of_residence: company.address.country ?? "England",
      date_of_birth: { month: random.int(1, 12), year: random.int(appointedYear - 60, appointedYear - 23) },
      address: company.address,
    };
    if (!isLlp) officer.occupation = random.pick(occupations);
    if (resigned) officer.resigned_on = randomDate(random, Math.max(appointedYear, 2010), 2025);
    officers.push(officer);
  }
  if (!isLlp && random.chance(0.35)) {
    officers.push({
      name: `${random.pick(SURNAMES).toUpperCase()}, ${random.pick(FIRST_NAMES)}`,
      officer_role: "secretary",
      appointed_on: created,
      address: company.address,
    });
  }
  return officers;
}

function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[łŁ]/g, "l")
    .toLowerCase();
}

interface IndexedCompany {
  company: DemoCompany;
  name: string;
  words: string[];
}

let sharedCompanies: readonly DemoCompany[] | undefined;

/** The default register, generated once per process on first use (about 60 ms) and shared by every app. */
export function getDemoCompanies(): readonly DemoCompany[] {
  sharedCompanies ??= Object.freeze(generateDemoCompanies());
  return sharedCompanies;
}

interface RegisterIndex {
  entries: IndexedCompany[];
  byNumber: Map<string, DemoCompany>;
}

function buildIndex(companies: readonly DemoCompany[]): RegisterIndex {
  return {
    entries: companies.map((company) => ({
      company,
      name: normalise(company.title),
      words: normalise(company.title)
        .split(/[^a-z0-9&]+/)
        .filter(Boolean),
    })),
    byNumber: new Map(companies.map((company) => [company.company_number, company])),
  };
}

/**
 * Answers searches from the generated firms the way the register's own search behaves for a broker:
 * by company number, or by name (every word of the query must start a word of the name, best match first).
 */
export function createDemoRegister(companies?: readonly DemoCompany[]): CompanyRegister {
  let index: RegisterIndex | undefined;
  const load = () => {
    index ??= buildIndex(companies ?? getDemoCompanies());
    return index;
  };

  return {
    kind: "demo",
    async searchCompanies(query, itemsPerPage) {
      const q = normalise(query).trim().replace(/\s+/g, " ");
      const queryWords = q.split(/[^a-z0-9&]+/).filter(Boolean);
      const upper = query.trim().toUpperCase();
      const ranked: { company: DemoCompany; rank: number; index: number }[] = [];
      load().entries.forEach((entry, index) => {
        let rank: number | null = null;
        if (entry.company.company_number === upper) rank = 0;
        else if (entry.name === q) rank = 1;
        else if (entry.name.startsWith(q)) rank = 2;
        else if (
          queryWords.length > 0 &&
          queryWords.every((word) => entry.words.some((nameWord) => nameWord.startsWith(word)))
        )
          rank = 3;
        else if (upper.length >= 4 && entry.company.company_number.startsWith(upper)) rank = 4;
        if (rank !== null) ranked.push({ company: entry.company, rank, index });
      });
      ranked.sort(
        (a, b) => a.rank - b.rank || a.company.title.localeCompare(b.company.title, "en-GB") || a.index - b.index,
      );
      return {
        kind: "search#companies",
        total_results: ranked.length,
        items_per_page: itemsPerPage,
        start_index: 0,
        items: ranked.slice(0, itemsPerPage).map((entry) => entry.company),
      };
    },
    async listOfficers(companyNumber) {
      const company = load().byNumber.get(companyNumber);
      if (!company) throw companyNotFound(companyNumber);
      const items = generateDemoOfficers(company);
      const resigned = items.filter((officer) => officer.resigned_on).length;
      return {
        kind: "officer-list",
        total_results: items.length,
        active_count: items.length - resigned,
        resigned_count: resigned,
        items_per_page: 35,
        start_index: 0,
        items,
      };
    },
  };
}
