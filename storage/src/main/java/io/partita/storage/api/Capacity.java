package io.partita.storage.api;

/** Capacity units consumed by one table or index within a request. */
public record Capacity(double readCapacityUnits, double writeCapacityUnits) {
    public static final Capacity ZERO = new Capacity(0, 0);

    public double capacityUnits() {
        return readCapacityUnits + writeCapacityUnits;
    }

    public Capacity plus(Capacity other) {
        return new Capacity(readCapacityUnits + other.readCapacityUnits, writeCapacityUnits + other.writeCapacityUnits);
    }
}
