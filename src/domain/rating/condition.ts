/**
 * Referral conditions: CEL text written by an administrator, checked once when a configuration is compiled
 * and turned into a tree of plain JavaScript closures (ADR 0004). No admin text ever reaches eval or
 * new Function; the closures only read the named rating input fields and apply a fixed set of operators.
 *
 * The language accepted is a deliberately small, linear-time part of CEL: literals (int, double, string,
 * bool), rating input names, ! - && || ?:, comparisons, arithmetic, `x in [literal list]` and the string
 * functions size/contains/startsWith/endsWith. Macros (map, filter, exists...), regular expressions
 * (matches), indexing, maps, bytes, timestamps and conversions are refused: a referral rule needs none of
 * them and each one widens what a hostile condition could do (unbounded work, ReDoS).
 */
import { type ASTNode, Environment, ParseError } from "@marcbachmann/cel-js";
import {
  RATING_INPUT_FIELDS,
  type RatingInput,
  type RatingInputFieldName,
  ratingInputFieldNumber,
  readRatingInputField,
} from "./input";

/** Parse-time limits: far above any real rule, far below anything that could hurt (ADR 0004). */
export const CONDITION_LIMITS = {
  maxAstNodes: 400,
  maxDepth: 24,
  maxListElements: 100,
  maxMapEntries: 0,
  maxCallArguments: 4,
} as const;

const CEL_TYPE = { number: "double", boolean: "bool", string: "string" } as const;

function toDouble(value: unknown): number {
  return typeof value === "bigint" ? Number(value) : (value as number);
}

/**
 * The CEL environment every referral condition is checked against: each rating input declared with its type
 * (numbers as double, since amounts such as 1500.5 occur). Plain CEL has no `double == int` or `double * int`,
 * so `coverLimit == 1000000` or `turnover * 2 > x` would be refused; we add those mixed overloads (the int is
 * widened to double), which is what an underwriter means. Ordering (`<`, `>`...) across int and double is
 * already standard CEL.
 */
function createConditionEnvironment(): Environment {
  const env = new Environment({
    unlistedVariablesAreDyn: false,
    homogeneousAggregateLiterals: true,
    enableOptionalTypes: false,
    limits: CONDITION_LIMITS,
  });
  for (const [name, type] of Object.entries(RATING_INPUT_FIELDS)) {
    env.registerVariable(name, CEL_TYPE[type]);
  }
  const mixed: [string, (a: number, b: number) => unknown][] = [
    ["+", (a, b) => a + b],
    ["-", (a, b) => a - b],
    ["*", (a, b) => a * b],
    ["/", (a, b) => a / b],
  ];
  for (const [op, apply] of mixed) {
    env.registerOperator(`double ${op} int: double`, (a: unknown, b: unknown) => apply(toDouble(a), toDouble(b)));
    env.registerOperator(`int ${op} double: double`, (a: unknown, b: unknown) => apply(toDouble(a), toDouble(b)));
  }
  // Registering `double == int` also gives `int == double` and both `!=`.
  env.registerOperator("double == int: bool", (a: unknown, b: unknown) => toDouble(a) === toDouble(b));
  env.registerOperator("double in list<int>: bool", (a: unknown, list: unknown) =>
    (list as unknown[]).some((item) => toDouble(item) === a),
  );
  return env;
}

let sharedEnvironment: Environment | undefined;

/** The one checking environment (building one is costly; it is never mutated after creation). */
export function conditionEnvironment(): Environment {
  sharedEnvironment ??= createConditionEnvironment();
  return sharedEnvironment;
}

/** A compiled condition: reads the rating input, returns whether the rule is hit. May throw (see rate). */
export type ConditionEvaluator = (input: RatingInput) => boolean;

export type CompileConditionResult = { ok: true; evaluate: ConditionEvaluator } | { ok: false; message: string };

/** A value while evaluating: CEL int is a bigint (64-bit range checked), double a number. */
type Value = bigint | number | string | boolean;
type ValueType = "int" | "double" | "string" | "bool" | "list";

interface Compiled {
  type: ValueType;
  run: (input: RatingInput) => Value;
  /** Present when the node depends on no input: folded at compile time, so `1 / 0` fails validation. */
  constant?: Value;
  /** Whether evaluating may throw (only int arithmetic can); lets && and || skip error handling otherwise. */
  canFail: boolean;
  /**
   * Present when the node is a bare rating input name: its field number, so the usual rule shapes (a yes/no
   * answer, `!answer`, a chain of answers, `turnover > 2000000`) read the input directly instead of calling
   * one closure per name.
   */
  field?: number;
}

class UnsupportedConditionError extends Error {}
/** A condition that fails while evaluating (e.g. integer division by zero); see rate's fail-safe. */
export class ConditionEvaluationError extends Error {}

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;

function checkedInt(value: bigint): bigint {
  if (value < INT_MIN || value > INT_MAX) throw new ConditionEvaluationError("integer overflow");
  return value;
}

function constant(type: ValueType, value: Value): Compiled {
  return { type, run: () => value, constant: value, canFail: false };
}

/** Folds a node whose operands are constants, so errors such as `1 / 0` surface when the rule is saved. */
function fold(
  type: ValueType,
  run: (input: RatingInput) => Value,
  operands: readonly Compiled[],
  mayThrow = false,
): Compiled {
  if (operands.every((operand) => operand.constant !== undefined)) {
    return constant(type, run(undefined as unknown as RatingInput));
  }
  return { type, run, canFail: mayThrow || operands.some((operand) => operand.canFail) };
}

/**
 * A number operand read straight as a JS number: a double, or an int constant converted once. Ints computed
 * at rating time (size(), int arithmetic) are left to the general path, which keeps bigint precision.
 */
function asPlainNumber(operand: Compiled): ((input: RatingInput) => number) | undefined {
  if (operand.type === "double") return operand.run as (input: RatingInput) => number;
  if (operand.type === "int" && operand.constant !== undefined) {
    const value = toDouble(operand.constant);
    return () => value;
  }
  return undefined;
}

const NUMERIC = new Set<ValueType>(["int", "double"]);

function describe(node: ASTNode): string {
  switch (node.op) {
    case "call":
      return `the function ${node.args[0]}()`;
    case "rcall":
      return `the method .${node.args[0]}()`;
    case "value":
      return node.args === null ? "null" : "this kind of literal";
    case "map":
      return "map literals";
    case "list":
      return "lists outside `x in [...]`";
    case ".":
    case ".?":
      return `field access (.${node.args[1]})`;
    case "[]":
    case "[?]":
      return "indexing";
    default:
      return `the operator ${node.op}`;
  }
}

function unsupported(node: ASTNode): never {
  throw new UnsupportedConditionError(
    `${describe(node)} is not allowed in a referral condition (allowed: rating input names, literals, ! && || ?:, comparisons, + - * / %, in [...], size/contains/startsWith/endsWith)`,
  );
}

function compareValues(a: Value, b: Value): number {
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "bigint" || typeof b === "bigint" || typeof a === "number") {
    const x = toDouble(a);
    const y = toDouble(b);
    // NaN (0.0 / 0.0) is unordered: every ordering comparison with it is false, as in CEL.
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

function equalValues(a: Value, b: Value): boolean {
  if (typeof a === typeof b) return a === b;
  if ((typeof a === "bigint" || typeof a === "number") && (typeof b === "bigint" || typeof b === "number")) {
    return toDouble(a) === toDouble(b);
  }
  return false;
}

function arithmetic(op: string, left: Compiled, right: Compiled): Compiled {
  const l = left.run;
  const r = right.run;
  if (left.type === "string" && right.type === "string" && op === "+") {
    return fold("string", (i) => (l(i) as string) + (r(i) as string), [left, right]);
  }
  if (left.type === "int" && right.type === "int") {
    const int = (apply: (a: bigint, b: bigint) => bigint) =>
      fold("int", (i) => checkedInt(apply(l(i) as bigint, r(i) as bigint)), [left, right], true);
    switch (op) {
      case "+":
        return int((a, b) => a + b);
      case "-":
        return int((a, b) => a - b);
      case "*":
        return int((a, b) => a * b);
      case "/":
      case "%":
        return int((a, b) => {
          if (b === 0n) throw new ConditionEvaluationError(op === "/" ? "division by zero" : "modulus by zero");
          return op === "/" ? a / b : a % b;
        });
    }
  }
  if (NUMERIC.has(left.type) && NUMERIC.has(right.type)) {
    const dbl = (apply: (a: number, b: number) => number) =>
      fold("double", (i) => apply(toDouble(l(i)), toDouble(r(i))), [left, right]);
    switch (op) {
      case "+":
        return dbl((a, b) => a + b);
      case "-":
        return dbl((a, b) => a - b);
      case "*":
        return dbl((a, b) => a * b);
      case "/":
        return dbl((a, b) => a / b);
    }
  }
  throw new UnsupportedConditionError(`the operator ${op} is not allowed on ${left.type} and ${right.type}`);
}

function compileNode(node: ASTNode): Compiled {
  switch (node.op) {
    case "value": {
      const value = node.args;
      if (typeof value === "bigint") return constant("int", checkedInt(value));
      if (typeof value === "number") return constant("double", value);
      if (typeof value === "string") return constant("string", value);
      if (typeof value === "boolean") return constant("bool", value);
      return unsupported(node);
    }
    case "id": {
      const name = node.args;
      if (!Object.hasOwn(RATING_INPUT_FIELDS, name)) unsupported(node);
      const type = RATING_INPUT_FIELDS[name as RatingInputFieldName];
      const field = ratingInputFieldNumber(name as RatingInputFieldName);
      return {
        type: type === "number" ? "double" : type === "boolean" ? "bool" : "string",
        run: (i) => readRatingInputField(i, field) as Value,
        canFail: false,
        field,
      };
    }
    case "!_": {
      const operand = compileNode(node.args);
      const field = operand.field;
      if (field !== undefined) return fold("bool", (i) => !readRatingInputField(i, field), [operand]);
      const run = operand.run;
      return fold("bool", (i) => !run(i), [operand]);
    }
    case "-_": {
      const operand = compileNode(node.args);
      const run = operand.run;
      if (operand.type === "int") return fold("int", (i) => checkedInt(-(run(i) as bigint)), [operand], true);
      if (operand.type === "double") return fold("double", (i) => -(run(i) as number), [operand]);
      return unsupported(node);
    }
    case "&&":
    case "||": {
      // A rule such as "any material fact" is a long || chain: it runs as one flat loop, not nested calls.
      const terms = [...flattenChain(node.op, node.args[0]), ...flattenChain(node.op, node.args[1])].map(compileNode);
      const runs = terms.map((term) => term.run);
      const decisive = node.op === "||";
      const fields = terms.map((term) => term.field);
      if (fields.every((field) => field !== undefined)) {
        // The commonest rule, "any of these answers is Yes": read each answer, no call per answer.
        return fold(
          "bool",
          (i) => {
            for (const field of fields) if (readRatingInputField(i, field) === decisive) return decisive;
            return !decisive;
          },
          terms,
        );
      }
      if (!terms.some((term) => term.canFail)) {
        return fold(
          "bool",
          (i) => {
            for (const run of runs) if (run(i) === decisive) return decisive;
            return !decisive;
          },
          terms,
        );
      }
      // CEL's logical operators are commutative over errors: `error || true` is true, `error && false` false;
      // an error surfaces only when no operand decides the result.
      return fold(
        "bool",
        (i) => {
          let firstError: unknown;
          for (const run of runs) {
            try {
              if (run(i) === decisive) return decisive;
            } catch (error) {
              firstError ??= error;
            }
          }
          if (firstError !== undefined) throw firstError;
          return !decisive;
        },
        terms,
      );
    }
    case "?:": {
      const condition = compileNode(node.args[0]);
      const whenTrue = compileNode(node.args[1]);
      const whenFalse = compileNode(node.args[2]);
      const c = condition.run;
      const t = whenTrue.run;
      const f = whenFalse.run;
      return fold(whenTrue.type, (i) => (c(i) ? t(i) : f(i)), [condition, whenTrue, whenFalse]);
    }
    case "==":
    case "!=": {
      const left = compileNode(node.args[0]);
      const right = compileNode(node.args[1]);
      const l = left.run;
      const r = right.run;
      const negate = node.op === "!=";
      const ln = asPlainNumber(left);
      const rn = asPlainNumber(right);
      if (ln && rn) return fold("bool", negate ? (i) => ln(i) !== rn(i) : (i) => ln(i) === rn(i), [left, right]);
      if (left.type === right.type && !NUMERIC.has(left.type)) {
        return fold("bool", negate ? (i) => l(i) !== r(i) : (i) => l(i) === r(i), [left, right]);
      }
      return fold("bool", (i) => equalValues(l(i), r(i)) !== negate, [left, right]);
    }
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const left = compileNode(node.args[0]);
      const right = compileNode(node.args[1]);
      const l = left.run;
      const r = right.run;
      const ln = asPlainNumber(left);
      const rn = asPlainNumber(right);
      if (ln && right.constant !== undefined) {
        // The usual rule shape, `turnover > 2000000`: compare with a number fixed at compile time.
        const k = toDouble(right.constant);
        const field = left.field;
        if (field !== undefined) {
          const read = (i: RatingInput) => readRatingInputField(i, field) as number;
          const byField = {
            "<": (i: RatingInput) => read(i) < k,
            "<=": (i: RatingInput) => read(i) <= k,
            ">": (i: RatingInput) => read(i) > k,
            ">=": (i: RatingInput) => read(i) >= k,
          }[node.op];
          return fold("bool", byField, [left, right]);
        }
        const direct = {
          "<": (i: RatingInput) => ln(i) < k,
          "<=": (i: RatingInput) => ln(i) <= k,
          ">": (i: RatingInput) => ln(i) > k,
          ">=": (i: RatingInput) => ln(i) >= k,
        }[node.op];
        return fold("bool", direct, [left, right]);
      }
      if (ln && rn) {
        const direct = {
          "<": (i: RatingInput) => ln(i) < rn(i),
          "<=": (i: RatingInput) => ln(i) <= rn(i),
          ">": (i: RatingInput) => ln(i) > rn(i),
          ">=": (i: RatingInput) => ln(i) >= rn(i),
        }[node.op];
        return fold("bool", direct, [left, right]);
      }
      const test = {
        "<": (c: number) => c < 0,
        "<=": (c: number) => c <= 0,
        ">": (c: number) => c > 0,
        ">=": (c: number) => c >= 0,
      }[node.op];
      return fold("bool", (i) => test(compareValues(l(i), r(i))), [left, right]);
    }
    case "+":
    case "-":
    case "*":
    case "/":
    case "%":
      return arithmetic(node.op, compileNode(node.args[0]), compileNode(node.args[1]));
    case "in": {
      const [needleNode, listNode] = node.args;
      if (listNode.op !== "list") unsupported(node);
      const needle = compileNode(needleNode);
      const items = (listNode.args as ASTNode[]).map(compileNode);
      if (items.some((item) => item.constant === undefined)) {
        throw new UnsupportedConditionError("the list after `in` may hold literals only");
      }
      // Members are normalised to the needle's representation so a Set lookup compares like CEL does.
      const members = new Set(
        items.map((item) => (needle.type === "double" ? toDouble(item.constant as Value) : item.constant)),
      );
      const n = needle.run;
      if (needle.type === "int") {
        const asDouble = new Set(items.map((item) => toDouble(item.constant as Value)));
        return fold("bool", (i) => asDouble.has(toDouble(n(i))), [needle]);
      }
      return fold("bool", (i) => members.has(n(i)), [needle]);
    }
    case "call": {
      const [name, args] = node.args;
      if (name === "size" && args.length === 1) return stringSize(compileNode(args[0] as ASTNode), node);
      return unsupported(node);
    }
    case "rcall": {
      const [name, receiverNode, args] = node.args;
      if (!["size", "contains", "startsWith", "endsWith"].includes(name)) unsupported(node);
      const receiver = compileNode(receiverNode);
      if (receiver.type !== "string") unsupported(node);
      if (name === "size" && args.length === 0) return stringSize(receiver, node);
      if ((name === "contains" || name === "startsWith" || name === "endsWith") && args.length === 1) {
        const argument = compileNode(args[0] as ASTNode);
        if (argument.type !== "string") unsupported(node);
        const s = receiver.run;
        const a = argument.run;
        const method = name === "contains" ? "includes" : name;
        return fold("bool", (i) => (s(i) as string)[method](a(i) as string), [receiver, argument]);
      }
      return unsupported(node);
    }
    default:
      return unsupported(node);
  }
}

/** The operands of a chain `a || b || c` (or &&), left to right. */
function flattenChain(op: "&&" | "||", node: ASTNode): ASTNode[] {
  return node.op === op ? [...flattenChain(op, node.args[0]), ...flattenChain(op, node.args[1])] : [node];
}

/** CEL's size() of a string counts code points, not UTF-16 units. */
function stringSize(operand: Compiled, node: ASTNode): Compiled {
  if (operand.type !== "string") unsupported(node);
  const run = operand.run;
  return fold(
    "int",
    (i) => {
      let count = 0n;
      for (const _ of run(i) as string) count++;
      return count;
    },
    [operand],
  );
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}

/**
 * Parses, type-checks and compiles one referral condition. Refuses (never throws) text that does not parse,
 * does not type-check against the rating inputs, is not boolean, uses anything outside the allowed subset,
 * or fails on constants alone (`1 / 0`).
 */
export function compileCondition(text: string): CompileConditionResult {
  const env = conditionEnvironment();
  let ast: ASTNode;
  try {
    const parsed = env.parse(text);
    const checked = parsed.check();
    if (!checked.valid) {
      return {
        ok: false,
        message: `Does not type-check: ${firstLine(checked.error?.message ?? "invalid expression")}`,
      };
    }
    if (checked.type !== "bool") {
      return { ok: false, message: `Must be a yes/no (bool) expression, but it gives ${checked.type ?? "a non-bool"}` };
    }
    ast = parsed.ast;
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, message: `Does not parse: ${firstLine(error.message)}` };
    return {
      ok: false,
      message: `Does not parse: ${firstLine(error instanceof Error ? error.message : String(error))}`,
    };
  }
  let compiled: Compiled;
  try {
    compiled = compileNode(ast);
  } catch (error) {
    if (error instanceof UnsupportedConditionError) return { ok: false, message: error.message };
    if (error instanceof ConditionEvaluationError) {
      return { ok: false, message: `Always fails when evaluated: ${error.message}` };
    }
    throw error;
  }
  const field = compiled.field;
  if (field !== undefined) return { ok: true, evaluate: (input) => readRatingInputField(input, field) === true };
  const run = compiled.run;
  return { ok: true, evaluate: (input) => run(input) === true };
}
