import java.lang.reflect.Field;
import java.lang.reflect.Method;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to 127.0.0.1 only. The jar's own launcher has no bind option and listens on
 * every interface (its Jetty server is built from a port alone), which would put a development
 * database with fixed credentials on the network. This starts the same server from the same
 * command-line options, after pointing its connectors at the loopback address.
 *
 * Run by infra/local/dynamo.ts with Java's source launcher (JEP 330):
 *   java -cp DynamoDBLocal.jar:DynamoDBLocal_lib/* LoopbackDynamoDbLocal.java -port 8000 -inMemory
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Object jetty = field.get(server);
    Object[] connectors = (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Object connector : connectors) {
      Method setHost = connector.getClass().getMethod("setHost", String.class);
      setHost.invoke(connector, "127.0.0.1");
    }
    server.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1 only");
    server.join();
  }
}
