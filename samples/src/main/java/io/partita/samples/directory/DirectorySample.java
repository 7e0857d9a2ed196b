package io.partita.samples.directory;

import io.partita.Partita;
import io.partita.samples.TextTable;
import java.io.PrintStream;
import java.util.List;

/** Seed {@code 003}: the business directory's three prefix queries over Country/State/City. */
public final class DirectorySample {
    private final BusinessRepository businesses;

    public DirectorySample(Partita db) {
        this.businesses = BusinessRepository.of(db);
    }

    public BusinessRepository businesses() {
        return businesses;
    }

    public void loadFixtures() {
        businesses.put(new Business(
                "b1", "CoffeeShop", "USA", "Washington", "Seattle", "Bean There", "206-555-0101", "Pike St"));
        businesses.put(new Business(
                "b2", "CoffeeShop", "USA", "Washington", "Tacoma", "Brew Ha Ha", "253-555-0102", "Main St"));
        businesses.put(new Business(
                "b3", "CoffeeShop", "USA", "Washington", "Seattle", "Drip Society", "206-555-0103", "1st Ave"));
        businesses.put(new Business(
                "b4", "CoffeeShop", "USA", "Oregon", "Portland", "Rose Roast", "503-555-0104", "Burnside"));
        businesses.put(new Business(
                "b5", "CoffeeShop", "Canada", "BC", "Vancouver", "Maple Mug", "604-555-0105", "Granville"));
        businesses.put(new Business("b6", "Bakery", "USA", "Washington", "Seattle", "Loaf", "206-555-0106", "Pine St"));
    }

    /** Q1: businesses of a type in a country. */
    public List<BusinessByLocationView> inCountry(String type, String country) {
        return businesses.byLocation(type).country(country).list();
    }

    /** Q2: ... in a country and state. */
    public List<BusinessByLocationView> inState(String type, String country, String state) {
        return businesses.byLocation(type).country(country).state(state).list();
    }

    /** Q3: ... in a country, state and city. */
    public List<BusinessByLocationView> inCity(String type, String country, String state, String city) {
        return businesses
                .byLocation(type)
                .country(country)
                .state(state)
                .city(city)
                .list();
    }

    public void run(PrintStream out) {
        out.println("== 4. Business directory: ByLocation (BusinessType; Country, State, City) (seed 003) ==");
        loadFixtures();
        print(out, "businesses.byLocation(\"CoffeeShop\").country(\"USA\").list()", inCountry("CoffeeShop", "USA"));
        print(
                out,
                "businesses.byLocation(\"CoffeeShop\").country(\"USA\").state(\"Washington\").list()",
                inState("CoffeeShop", "USA", "Washington"));
        print(
                out,
                "businesses.byLocation(\"CoffeeShop\").country(\"USA\").state(\"Washington\").city(\"Seattle\").list()",
                inCity("CoffeeShop", "USA", "Washington", "Seattle"));
        out.println();
    }

    private static void print(PrintStream out, String call, List<BusinessByLocationView> found) {
        out.println(call);
        TextTable t = TextTable.of("Name", "Country", "State", "City", "Phone");
        found.forEach(b -> t.row(b.name(), b.country(), b.state(), b.city(), b.phone()));
        t.print(out);
    }
}
