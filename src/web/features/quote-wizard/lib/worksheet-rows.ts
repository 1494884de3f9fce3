// The worksheet's rows in words, fetched on first use by step 7's "How this premium was built" (a module only
// ever imported that way, so the bundler hands over its chunk's exports as they are).
export { ratingWorksheet } from "@domain/rating/worksheet";
