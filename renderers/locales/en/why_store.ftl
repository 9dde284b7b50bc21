# /why after a refusal it stored (bot/why.py): the refusal's own words come from its catalog key;
# this line stands in for them when this Tablero no longer knows that key.
why_store-refused = Your latest move the rules refused after measuring it.
